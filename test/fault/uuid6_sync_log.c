/*
 * uuid6_sync_log: an LD_PRELOAD library for test/t/016_lease_flush.pl that
 * logs, for uuid6's state file, every fsync of the temporary file, every
 * rename onto the state file (with the v7 lease the renamed file holds) and
 * every fsync of the data directory, each with the wall-clock microsecond at
 * which it returned and the process id, to the file UUID6_SYNC_LOG:
 *
 *   <unix us> <pid> fsync-file|rename|fsync-dir ok|fail [v7 lease in hex]
 *
 * A power cut cannot be simulated here; the order of these calls, against
 * the time each value was handed out, shows what one would leave on disk.
 *
 * Faults: while the file named by UUID6_FAIL_FSYNC_FILE exists, the next
 * fsync of the temporary file fails with EIO, and removing the trigger is
 * what claims the failure (one process only); UUID6_FAIL_FSYNC_DIR does the
 * same for the directory fsync that follows a rename onto the state file.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static int	renamed_state;		/* this process renamed onto uuid6.state */

static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static void
log_event(const char *what, int ok, const char *extra)
{
	const char *path = getenv("UUID6_SYNC_LOG");
	struct timeval now;
	char		line[256];
	int			fd,
				length;

	if (path == NULL)
		return;
	gettimeofday(&now, NULL);
	length = snprintf(line, sizeof line, "%lld %d %s %s%s%s\n",
					  (long long) now.tv_sec * 1000000 + now.tv_usec, (int) getpid(),
					  what, ok ? "ok" : "fail", extra ? " " : "", extra ? extra : "");
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0600);
	if (fd >= 0)
	{
		if (write(fd, line, length) != length)
			;
		close(fd);
	}
}

/* True when the trigger file named by ENV existed and this call removed it. */
static int
claim_failure(const char *env)
{
	const char *trigger = getenv(env);

	return trigger != NULL && unlink(trigger) == 0;
}

/* The v7 lease line of the file at PATH, in hex, or "-". */
static void
v7_lease(const char *path, char *out, size_t size)
{
	char		text[600];
	int			fd = open(path, O_RDONLY);
	ssize_t		got = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
	char	   *line;

	snprintf(out, size, "-");
	if (fd >= 0)
		close(fd);
	if (got <= 0)
		return;
	text[got] = '\0';
	line = strstr(text, "\nv7 ");
	if (line != NULL)
		snprintf(out, size, "%.*s", (int) strcspn(line + 4, "\n"), line + 4);
}

int
rename(const char *from, const char *to)
{
	static int (*real_rename) (const char *, const char *);
	char		lease[64];
	int			result;

	if (real_rename == NULL)
		real_rename = (int (*) (const char *, const char *)) dlsym(RTLD_NEXT, "rename");
	if (strcmp(base_name(to), "uuid6.state") != 0)
		return real_rename(from, to);
	v7_lease(from, lease, sizeof lease);
	result = real_rename(from, to);
	renamed_state = result == 0;
	log_event("rename", result == 0, lease);
	return result;
}

int
fsync(int fd)
{
	static int (*real_fsync) (int);
	char		link[64],
				path[4096];
	ssize_t		length;
	struct stat st;
	int			result;

	if (real_fsync == NULL)
		real_fsync = (int (*) (int)) dlsym(RTLD_NEXT, "fsync");
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	length = readlink(link, path, sizeof path - 1);
	if (length <= 0 || fstat(fd, &st) != 0)
		return real_fsync(fd);
	path[length] = '\0';
	if (S_ISREG(st.st_mode) && strcmp(base_name(path), "uuid6.state.tmp") == 0)
	{
		if (claim_failure("UUID6_FAIL_FSYNC_FILE"))
		{
			log_event("fsync-file", 0, NULL);
			errno = EIO;
			return -1;
		}
		result = real_fsync(fd);
		log_event("fsync-file", result == 0, NULL);
		return result;
	}
	if (S_ISDIR(st.st_mode) && renamed_state)
	{
		renamed_state = 0;
		if (claim_failure("UUID6_FAIL_FSYNC_DIR"))
		{
			log_event("fsync-dir", 0, NULL);
			errno = EIO;
			return -1;
		}
		result = real_fsync(fd);
		log_event("fsync-dir", result == 0, NULL);
		return result;
	}
	return real_fsync(fd);
}
