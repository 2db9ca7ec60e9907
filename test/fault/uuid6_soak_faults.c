/*
 * uuid6_soak_faults: an LD_PRELOAD library for test/t/021_soak.pl that turns
 * two disk faults of uuid6's state file on and off while the server runs,
 * by the presence of a file in the directory UUID6_FAULT_DIR:
 *
 *   full_disk   every write(2) to a newly opened "uuid6.state.tmp" fails
 *               with ENOSPC, as on a full file system;
 *   slow_disk   every rename(2) onto "uuid6.state" first sleeps
 *               UUID6_SLOW_RENAME_MS milliseconds (default 700), as
 *               test/fault/uuid6_slow_rename.c does for good.
 *
 * Each fault that strikes is noted on stderr (the server log), so that the
 * test can count them. Other files and processes are left alone: the
 * switches are looked at only when the state file is opened or renamed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_FDS 65536

/* fds of temporary state files opened while the disk was "full" */
static unsigned char doomed[MAX_FDS];

static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int
switched_on(const char *name)
{
	const char *dir = getenv("UUID6_FAULT_DIR");
	char		path[4096];
	struct stat st;

	if (dir == NULL)
		return 0;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return stat(path, &st) == 0;
}

static void
note_open(int fd, const char *path)
{
	if (fd < 0 || fd >= MAX_FDS)
		return;
	doomed[fd] = strcmp(base_name(path), "uuid6.state.tmp") == 0 && switched_on("full_disk");
}

static mode_t
mode_argument(int flags, va_list ap)
{
	return (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, mode_t) : 0;
}

int
open(const char *path, int flags, ...)
{
	static int (*real_open) (const char *, int, ...);
	va_list		ap;
	mode_t		mode;
	int			fd;

	if (real_open == NULL)
		real_open = (int (*) (const char *, int, ...)) dlsym(RTLD_NEXT, "open");
	va_start(ap, flags);
	mode = mode_argument(flags, ap);
	va_end(ap);
	fd = real_open(path, flags, mode);
	note_open(fd, path);
	return fd;
}

int
open64(const char *path, int flags, ...)
{
	static int (*real_open64) (const char *, int, ...);
	va_list		ap;
	mode_t		mode;
	int			fd;

	if (real_open64 == NULL)
		real_open64 = (int (*) (const char *, int, ...)) dlsym(RTLD_NEXT, "open64");
	va_start(ap, flags);
	mode = mode_argument(flags, ap);
	va_end(ap);
	fd = real_open64(path, flags, mode);
	note_open(fd, path);
	return fd;
}

ssize_t
write(int fd, const void *buffer, size_t length)
{
	static ssize_t (*real_write) (int, const void *, size_t);

	if (real_write == NULL)
		real_write = (ssize_t (*) (int, const void *, size_t)) dlsym(RTLD_NEXT, "write");
	if (fd >= 0 && fd < MAX_FDS && doomed[fd])
	{
		fprintf(stderr, "uuid6_soak_faults: a write of uuid6.state.tmp failed with ENOSPC\n");
		errno = ENOSPC;
		return -1;
	}
	return real_write(fd, buffer, length);
}

int
close(int fd)
{
	static int (*real_close) (int);

	if (real_close == NULL)
		real_close = (int (*) (int)) dlsym(RTLD_NEXT, "close");
	if (fd >= 0 && fd < MAX_FDS)
		doomed[fd] = 0;
	return real_close(fd);
}

int
rename(const char *from, const char *to)
{
	static int (*real_rename) (const char *, const char *);

	if (real_rename == NULL)
		real_rename = (int (*) (const char *, const char *)) dlsym(RTLD_NEXT, "rename");
	if (strcmp(base_name(to), "uuid6.state") == 0 && switched_on("slow_disk"))
	{
		const char *setting = getenv("UUID6_SLOW_RENAME_MS");
		long		ms = setting ? atol(setting) : 700;
		struct timespec delay = {ms / 1000, (ms % 1000) * 1000 * 1000};

		/* the whole delay, even if a signal interrupts the sleep */
		while (nanosleep(&delay, &delay) != 0)
			;
		fprintf(stderr, "uuid6_soak_faults: delayed a state file write by %ld ms\n", ms);
	}
	return real_rename(from, to);
}
