/*
 * proctree.c: finds processes by session (and parent) in /proc and signals them; see proctree.h.
 */
#define _GNU_SOURCE
#include "proctree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Reads state, parent and session of pid from /proc/PID/stat; 0 on success. */
static int proc_stat(pid_t pid, char *state, pid_t *ppid, pid_t *sid)
{
	char path[64], text[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, text, sizeof text - 1);
	close(fd);
	if (n <= 0)
		return -1;
	text[n] = 0;
	/* the command name in parentheses may hold anything, ')' included: parse after the last one */
	char *p = strrchr(text, ')');
	int pp, pgrp, s;
	if (!p || sscanf(p + 1, " %c %d %d %d", state, &pp, &pgrp, &s) != 4)
		return -1;
	*ppid = pp;
	*sid = s;
	return 0;
}

/* One pass over /proc; never signals ourselves, nor skip (0: none). */
static int scan_once(int sig, const pid_t *sids, size_t n, int orphans, pid_t skip)
{
	DIR *d = opendir("/proc");
	if (!d)
		return 0;
	pid_t self = getpid();
	int sent = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		char *end;
		long v = strtol(e->d_name, &end, 10);
		if (*end || v <= 0 || v == self || v == skip)
			continue;
		pid_t pid = (pid_t)v, ppid, sid;
		char state;
		if (proc_stat(pid, &state, &ppid, &sid) != 0 || state == 'Z' || state == 'X')
			continue;
		int match = orphans && ppid == self, is_program_one = 0;
		for (size_t i = 0; i < n; i++) {
			match |= sid == sids[i];
			is_program_one |= sids[i] == 1;
		}
		if (pid == 1 && !is_program_one)
			continue;
		if (match && kill(pid, sig) == 0)
			sent++;
	}
	closedir(d);
	return sent;
}

/* With ended (a session whose leader we reaped), a process of that pid ends the rounds: see signal_ended_session. */
static int signal_rounds(int sig, const pid_t *sids, size_t n, int orphans, pid_t ended)
{
	int total = 0;
	for (int round = 0; round < (sig == SIGKILL ? 100 : 1); round++) {
		if (ended && (kill(ended, 0) == 0 || errno != ESRCH))
			break;
		int sent = scan_once(sig, sids, n, orphans, ended);
		total += sent;
		if (sent == 0)
			break;
		/* give the killed a moment to die, so the next scan finds only newcomers */
		struct timespec ts = { 0, 1000000 };
		nanosleep(&ts, NULL);
	}
	return total;
}

int signal_sessions(int sig, const pid_t *sids, size_t n, int orphans)
{
	return signal_rounds(sig, sids, n, orphans, 0);
}

/*
 * The leader is gone, so its pid no longer tells whether a process with session id sid is of its session or
 * of a later one that got the same number. The kernel settles it: a pid number stays allocated while any task
 * still uses it, as its pid, process group id or session id (kernel/pid.c: __change_pid() calls free_pid(),
 * which gives the number back, only once no task is attached to the struct pid under any type). So while the
 * old session has a member, no new process can get the number sid: a process with pid sid means that the old
 * session is gone and the number was reused (nothing to signal); none means that every process with session id
 * sid is of the old session. This is checked before every round; what it cannot exclude is a reuse between the
 * check and the scan of that round, which takes the old session ending and the kernel handing out every other
 * pid number first, and then the new process calling setsid() and forking (the new leader itself is skipped).
 */
int signal_ended_session(int sig, pid_t sid)
{
	return signal_rounds(sig, &sid, 1, 0, sid);
}
