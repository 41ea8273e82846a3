/*
 * conn.h: client connections: authentication, request dispatch, and the frames the supervisor sends.
 * A connection is freed only between epoll batches (conns_housekeeping), so code that finds one broken
 * merely marks it dead and events still queued for it stay safe.
 */
#ifndef CONN_H
#define CONN_H

#include <stdint.h>

#include "sup.h"
#include "wire.h"

struct program;

enum { BUSY_NONE, BUSY_WAIT, BUSY_ATTACH };

struct conn {
	struct watch w;
	struct buf in, out;
	int authed;
	int closing;   /* no more requests: write out, half close, wait for the client's close */
	int half_closed;
	int dead;      /* freed at the next housekeeping */
	int resume;    /* an answer finished: look at frames that queued up meanwhile */
	struct program *chan;   /* this connection is that program's channel */
	int egress_ctl;         /* this connection controls egress (EGRESS_LISTEN succeeded) */
	int busy;      /* a WAIT or ATTACH is being answered */
	struct program *target;
	int att_fd[2];
	uint64_t att_off[2];
	int att_done[2];
	struct conn *next;
};

enum { CONN_KEEP, CONN_CLOSE };   /* what an ERROR does to the connection */

static inline int conn_usable(const struct conn *c) { return c && !c->dead && !c->closing; }

void conn_accept(int listen_fd);
void conn_event(struct conn *c, uint32_t events);
void conn_flush(struct conn *c);
void conn_close_after_flush(struct conn *c);
void conn_error(struct conn *c, int then, int err, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
int conn_parsed(struct conn *c, struct reader *r);   /* the payload held exactly its fields; if not, ERROR and close */
void conn_send_exited(struct conn *c, const struct program *p);
void conns_program_changed(struct program *p);   /* it ended, or a log grew or became final */
void conns_housekeeping(void);
void conns_flush_all(void);

#endif
