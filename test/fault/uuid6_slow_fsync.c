/*
 * uuid6_slow_fsync: an LD_PRELOAD library for test/t/034_disk_turns_slow.pl
 * that makes the disk under uuid6's state file slow while the server runs:
 * while the file "slow_fsync" exists in the directory UUID6_FAULT_DIR, every
 * fsync() and fdatasync() of the temporary state file ("uuid6.state.tmp")
 * and of a directory (the data directory, flushed after the rename) first
 * sleeps UUID6_SLOW_FSYNC_MS milliseconds (default 1500): a state-file write
 * then takes two of them. Other files (WAL, relations) are left alone, so
 * that only uuid6's own writes are slow. Each delay is noted on stderr (the
 * server log).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int
switched_on(void)
{
	const char *dir = getenv("UUID6_FAULT_DIR");
	char		path[PATH_MAX];
	struct stat st;

	if (dir == NULL)
		return 0;
	snprintf(path, sizeof path, "%s/slow_fsync", dir);
	return stat(path, &st) == 0;
}

static void
delay_if_state(int fd)
{
	char		link[64];
	char		path[PATH_MAX];
	ssize_t		length;
	struct stat st;
	const char *base;
	const char *setting;
	long		ms;
	struct timespec delay;

	if (fstat(fd, &st) != 0)
		return;
	if (!S_ISDIR(st.st_mode))
	{
		snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
		length = readlink(link, path, sizeof path - 1);
		if (length < 0)
			return;
		path[length] = '\0';
		base = strrchr(path, '/');
		base = base ? base + 1 : path;
		if (strcmp(base, "uuid6.state.tmp") != 0)
			return;
	}
	if (!switched_on())
		return;
	setting = getenv("UUID6_SLOW_FSYNC_MS");
	ms = setting ? atol(setting) : 1500;
	delay.tv_sec = ms / 1000;
	delay.tv_nsec = (ms % 1000) * 1000 * 1000;
	/* the whole delay, even if a signal interrupts the sleep */
	while (nanosleep(&delay, &delay) != 0)
		;
	fprintf(stderr, "uuid6_slow_fsync: delayed an fsync by %ld ms\n", ms);
}

int
fsync(int fd)
{
	static int	(*real_fsync) (int);

	if (real_fsync == NULL)
		real_fsync = (int (*) (int)) dlsym(RTLD_NEXT, "fsync");
	delay_if_state(fd);
	return real_fsync(fd);
}

int
fdatasync(int fd)
{
	static int	(*real_fdatasync) (int);

	if (real_fdatasync == NULL)
		real_fdatasync = (int (*) (int)) dlsym(RTLD_NEXT, "fdatasync");
	delay_if_state(fd);
	return real_fdatasync(fd);
}
