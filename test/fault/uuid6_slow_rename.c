/*
 * uuid6_slow_rename: an LD_PRELOAD library for test/t/012_durability.pl that
 * makes every rename() onto uuid6's state file take 700 ms, like a slow or
 * overloaded disk, so that the test can prove no generator waits for it.
 * Each delay is noted on stderr (the server log).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

int
rename(const char *from, const char *to)
{
	static int (*real_rename) (const char *, const char *);
	const char *base = strrchr(to, '/');

	if (real_rename == NULL)
		real_rename = (int (*) (const char *, const char *)) dlsym(RTLD_NEXT, "rename");
	base = base ? base + 1 : to;
	if (strcmp(base, "uuid6.state") == 0)
	{
		struct timespec delay = {0, 700 * 1000 * 1000};

		nanosleep(&delay, NULL);
		fprintf(stderr, "uuid6_slow_rename: delayed a state file write by 700 ms\n");
	}
	return real_rename(from, to);
}
