/*
 * programs.h: the program table. A program is started once, keeps its id for the supervisor's life and
 * is never forgotten (LIST shows ended ones too); its fds are closed as soon as they are done.
 */
#ifndef PROGRAMS_H
#define PROGRAMS_H

#include <stdint.h>
#include <sys/types.h>

#include "sup.h"
#include "wire.h"

struct conn;

enum { MODE_NULL = 0, MODE_STREAM = 1, MODE_LOG = 2, MODE_WITH_STDOUT = 3 };

struct output {
	struct watch w;       /* our end of the pipe (or the PTY master for stdout); -1 once closed */
	int mode;             /* MODE_NULL for an output that has no pipe of its own */
	uint64_t credit;      /* bytes the client lets us send */
	int end_sent;         /* OUTPUT_END went to the channel */
	int logfd;            /* append-only log, open while the pipe is */
	uint64_t logsize;
};

struct program {
	uint64_t id;
	pid_t pid;
	int running, status, signal, pty;
	uint64_t started_ms, ended_ms;
	char **argv;
	struct watch in;      /* our end of stdin (a dup of the PTY master for a PTY) */
	struct buf inbuf;     /* STDIN received, not yet written to the program */
	uint32_t in_unacked;  /* STDIN received and not yet credited back */
	int in_eof_pending;   /* close stdin (or type the terminal's EOF) once inbuf is written */
	struct output out[2];
	struct conn *chan;    /* the program's channel while it lasts */
	uint64_t dropped;     /* log bytes lost to failed writes */
};

struct rlim_req {
	int resource;
	uint64_t soft, hard;
};

struct start_req {
	uint32_t flags;
	char *cwd;
	char **argv, **env;
	int nlimits;
	struct rlim_req limits[64];
	int in_mode, out_mode, err_mode;
	uint16_t rows, cols;
	uint32_t window;
};

struct program *prog_find(uint64_t id);
uint64_t prog_count(void);   /* ids are 1..prog_count() */

/* 0 and *out on success (taking rq->argv), else an errno with msg describing what failed. */
int prog_start(struct start_req *rq, struct conn *chan, struct program **out, char *msg, size_t msgsize);

/* Channel requests. prog_stdin returns -1 when the client overran the stdin window. */
int prog_stdin(struct program *p, const uint8_t *data, size_t n);
void prog_stdin_close(struct program *p);
void prog_credit(struct program *p, int stream, uint32_t n);
void prog_drop_output(struct program *p, int stream);
void prog_detach(struct program *p);   /* the channel went away */

int prog_signal(struct program *p, int sig, int scope);   /* 0 or an errno */
int prog_resize(struct program *p, uint16_t rows, uint16_t cols);
int prog_log_final(const struct program *p, int stream);  /* the log will not grow any more */

void prog_event(struct watch *w, uint32_t events);
void prog_update(struct program *p);   /* recompute what to watch, e.g. after the channel drained */
void prog_reap(void);

int prog_any_running(void);
void prog_signal_all(int sig, int everything);   /* shutdown: sessions of programs (and with everything, orphans) */

#endif
