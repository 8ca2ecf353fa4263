/*
 * Helpers shared by the subcommands.
 */
#include <err.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cmdutil.h"

const char *
cmd_workdir(void)
{

	return (getenv("WORKDIR") != NULL ? getenv("WORKDIR") : "work");
}

void
cmd_catch_signals(void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, &sa, NULL) == -1 ||
	    sigaction(SIGTERM, &sa, NULL) == -1)
		err(1, "sigaction");
}
