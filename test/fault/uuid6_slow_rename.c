/*
 * uuid6_slow_rename: an LD_PRELOAD library for test/t/012_durability.pl that
 * makes every rename() onto uuid6's state file take UUID6_SLOW_RENAME_MS
 * milliseconds (default 700), like a slow or overloaded disk, so that the
 * test can prove no generator waits for it. Each delay is noted on stderr
 * (the server log).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
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
		const char *setting = getenv("UUID6_SLOW_RENAME_MS");
		long		ms = setting ? atol(setting) : 700;
		struct timespec delay = {ms / 1000, (ms % 1000) * 1000 * 1000};

		/* the whole delay, even if a signal interrupts the sleep */
		while (nanosleep(&delay, &delay) != 0)
			;
		fprintf(stderr, "uuid6_slow_rename: delayed a state file write by %ld ms\n", ms);
	}
	return real_rename(from, to);
}
