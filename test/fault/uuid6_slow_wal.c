/*
 * uuid6_slow_wal: an LD_PRELOAD library for test/t/031_lease_slow_disk.pl
 * that makes every fsync() and fdatasync() of a file in pg_wal take
 * UUID6_SLOW_WAL_SYNC_MS milliseconds (default 1500), like a slow or
 * overloaded disk under the WAL, so that the test can show how often a
 * database's lease is written and flushed. The server needs fsync = on.
 * Each delay is noted on stderr (the server log).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void
delay_if_wal(int fd)
{
	char		link[64];
	char		path[PATH_MAX];
	ssize_t		length;
	const char *setting = getenv("UUID6_SLOW_WAL_SYNC_MS");
	long		ms = setting ? atol(setting) : 1500;
	struct timespec delay = {ms / 1000, (ms % 1000) * 1000 * 1000};

	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	length = readlink(link, path, sizeof path - 1);
	if (length < 0)
		return;
	path[length] = '\0';
	if (strstr(path, "/pg_wal/") == NULL)
		return;
	/* the whole delay, even if a signal interrupts the sleep */
	while (nanosleep(&delay, &delay) != 0)
		;
	fprintf(stderr, "uuid6_slow_wal: delayed a WAL flush by %ld ms\n", ms);
}

int
fdatasync(int fd)
{
	static int	(*real_fdatasync) (int);

	if (real_fdatasync == NULL)
		real_fdatasync = (int (*) (int)) dlsym(RTLD_NEXT, "fdatasync");
	delay_if_wal(fd);
	return real_fdatasync(fd);
}

int
fsync(int fd)
{
	static int	(*real_fsync) (int);

	if (real_fsync == NULL)
		real_fsync = (int (*) (int)) dlsym(RTLD_NEXT, "fsync");
	delay_if_wal(fd);
	return real_fsync(fd);
}
