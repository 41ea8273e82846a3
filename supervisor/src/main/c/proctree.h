/*
 * proctree.h: signalling whole programs. A program is its session: everything it started that did not
 * call setsid() itself. The kernel has no "kill a session" call, so the supervisor finds the members in
 * /proc.
 */
#ifndef PROCTREE_H
#define PROCTREE_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Sends sig to every live process whose session id is one of sids[0..n), and with orphans also to every
 * child of the supervisor. SIGKILL rescans until a scan finds nobody (at most 100 rounds), so a program
 * forking in a loop cannot outrun it. Never signals the supervisor, nor pid 1 unless 1 is among sids.
 * Returns how many signals were sent.
 */
int signal_sessions(int sig, const pid_t *sids, size_t n, int orphans);

/*
 * The same for the session of a leader that ended and was reaped (its members may still run), safe against
 * the reuse of its pid: nothing is signalled when a process with pid sid exists. Returns how many signals
 * were sent; 0 when the session has no member left.
 */
int signal_ended_session(int sig, pid_t sid);

#endif
