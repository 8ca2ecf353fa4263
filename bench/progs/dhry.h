/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Declarations shared by the two translation units of the Dhrystone 2.1
 * integer benchmark (after R. P. Weicker, "Dhrystone Benchmark:
 * Rationale for Version 2 and Measurement Rules", SIGPLAN Notices 23:8,
 * 1988).  The procedures live in two files compiled separately, as the
 * measurement rules require, so that the calls across them stay calls.
 */
#ifndef DHRY_H
#define DHRY_H

#define	DH_STRLEN	31
#define	DH_ARRLEN	50

enum dh_ident { DH_ID1, DH_ID2, DH_ID3, DH_ID4, DH_ID5 };

struct dh_rec {
	struct dh_rec	*next;
	enum dh_ident	 discr;
	union {
		struct {
			enum dh_ident	 ecomp;
			int		 icomp;
			char		 scomp[DH_STRLEN];
		} v1;
		struct {
			enum dh_ident	 ecomp2;
			char		 scomp2[DH_STRLEN];
		} v2;
		struct {
			char		 c1;
			char		 c2;
		} v3;
	} u;
};

extern struct dh_rec	*dh_glob_rec;
extern int		 dh_glob_int;
extern int		 dh_glob_bool;
extern char		 dh_glob_ch1;
extern char		 dh_glob_ch2;
extern int		 dh_glob_arr1[DH_ARRLEN];
extern int		 dh_glob_arr2[DH_ARRLEN][DH_ARRLEN];

/* dhry1.c */
void	dh_proc1(struct dh_rec *);
void	dh_proc2(int *);
void	dh_proc3(struct dh_rec **);
void	dh_proc4(void);
void	dh_proc5(void);

/* dhry2.c */
void		dh_proc6(enum dh_ident, enum dh_ident *);
void		dh_proc7(int, int, int *);
void		dh_proc8(int *, int (*)[DH_ARRLEN], int, int);
enum dh_ident	dh_func1(char, char);
int		dh_func2(const char *, const char *);
int		dh_func3(enum dh_ident);

#endif
