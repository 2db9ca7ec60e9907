/*
 * uuid6_all_gone: an LD_PRELOAD library for test/t/018_library_side_by_side.pl
 * that makes kill(-1, 0), "may any process be signalled?", answer ESRCH, as
 * if no other process of the server's user existed. An earlier library's
 * writer then takes over a claim held by "process" -1, which it may do by
 * its protocol: the test proves that this does not change the protocol a
 * state runs for the sessions of this library that attach afterwards.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <sys/types.h>

int
kill(pid_t pid, int sig)
{
	static int (*real_kill) (pid_t, int);

	if (pid == -1 && sig == 0)
	{
		errno = ESRCH;
		return -1;
	}
	if (real_kill == NULL)
		real_kill = (int (*) (pid_t, int)) dlsym(RTLD_NEXT, "kill");
	return real_kill(pid, sig);
}
