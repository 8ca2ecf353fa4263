/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Dhrystone 2.1, second translation unit: procedures 6 to 8 and the
 * three functions.
 */
#include <string.h>

#include "dhry.h"

void
dh_proc6(enum dh_ident in, enum dh_ident *out)
{

	*out = in;
	if (!dh_func3(in))
		*out = DH_ID4;
	switch (in) {
	case DH_ID1:
		*out = DH_ID1;
		break;
	case DH_ID2:
		*out = dh_glob_int > 100 ? DH_ID1 : DH_ID4;
		break;
	case DH_ID3:
		*out = DH_ID2;
		break;
	case DH_ID4:
		break;
	case DH_ID5:
		*out = DH_ID3;
		break;
	}
}

void
dh_proc7(int a, int b, int *out)
{
	int loc;

	loc = a + 2;
	*out = b + loc;
}

void
dh_proc8(int *arr1, int (*arr2)[DH_ARRLEN], int a, int b)
{
	int i, loc;

	loc = a + 5;
	arr1[loc] = b;
	arr1[loc + 1] = arr1[loc];
	arr1[loc + 30] = loc;
	for (i = loc; i <= loc + 1; i++)
		arr2[loc][i] = loc;
	arr2[loc][loc - 1] += 1;
	arr2[loc + 20][loc] = arr1[loc];
	dh_glob_int = 5;
}

enum dh_ident
dh_func1(char c1, char c2)
{
	char l1, l2;

	l1 = c1;
	l2 = l1;
	if (l2 != c2)
		return (DH_ID1);
	dh_glob_ch1 = l1;
	return (DH_ID2);
}

int
dh_func2(const char *s1, const char *s2)
{
	int loc;
	char ch;

	ch = '\0';
	loc = 2;
	while (loc <= 2) {
		if (dh_func1(s1[loc], s2[loc + 1]) == DH_ID1) {
			ch = 'A';
			loc += 1;
		}
	}
	if (ch >= 'W' && ch < 'Z')
		loc = 7;
	if (ch == 'R')
		return (1);
	if (strcmp(s1, s2) > 0) {
		loc += 7;
		dh_glob_int = loc;
		return (1);
	}
	return (0);
}

int
dh_func3(enum dh_ident e)
{
	enum dh_ident loc;

	loc = e;
	return (loc == DH_ID3);
}
