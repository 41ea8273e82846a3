/*
 * conn.c: client connections. Each reads frames into a bounded buffer and handles them in order; a WAIT
 * or ATTACH holds later requests back until it is answered, so answers never interleave. A channel
 * (after START) handles every frame at once, so CREDIT and DROP_OUTPUT always get through.
 */
#define _GNU_SOURCE
#include "conn.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "egress.h"
#include "programs.h"

static struct conn *conns;
static uint8_t scratch[CHUNK];

static void conn_update(struct conn *c)
{
	uint32_t ev = 0;
	if (c->closing || buf_used(&c->in) < MAX_FRAME + 4)
		ev |= EPOLLIN | EPOLLRDHUP;
	if (buf_used(&c->out))
		ev |= EPOLLOUT;
	if (!c->dead)
		watch_set(&c->w, ev);
}

void conn_flush(struct conn *c)
{
	while (!c->dead && buf_used(&c->out)) {
		ssize_t n = send(c->w.fd, c->out.data + c->out.off, buf_used(&c->out), MSG_NOSIGNAL);
		if (n > 0)
			buf_consume(&c->out, (size_t)n);
		else if (n < 0 && errno == EAGAIN)
			break;
		else if (!(n < 0 && errno == EINTR))
			c->dead = 1;
	}
	/*
	 * Closing: half close, then wait for the client to close too. Closing at once would reset the
	 * connection if a late CREDIT or STDIN sits unread, and the reset can destroy our last frames
	 * before the client reads them.
	 */
	if (!c->dead && c->closing && !buf_used(&c->out) && !c->half_closed) {
		shutdown(c->w.fd, SHUT_WR);
		c->half_closed = 1;
	}
	conn_update(c);
	if (c->chan)
		prog_update(c->chan);   /* below OUT_HIGH again, its outputs may be read again */
	if (c->egress_ctl)
		egress_conn_drained(c);
}

void conn_close_after_flush(struct conn *c)
{
	if (c->dead)
		return;
	c->closing = 1;
	if (c->chan) {   /* a channel closed on a protocol error: the program goes on, as after a disconnect */
		struct program *p = c->chan;
		c->chan = NULL;
		prog_detach(p);
	}
	conn_flush(c);
}

static void error_frame(struct conn *c, int then, int err, const char *msg)
{
	size_t f = frame_begin(&c->out, T_ERROR);
	put_u32(&c->out, (uint32_t)err);
	put_str(&c->out, msg);
	frame_end(&c->out, f);
	if (then == CONN_CLOSE)
		conn_close_after_flush(c);
	conn_flush(c);
}

void conn_error(struct conn *c, int then, int err, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	error_frame(c, then, err, msg);
}

static void send_empty(struct conn *c, uint8_t type)
{
	size_t f = frame_begin(&c->out, type);
	frame_end(&c->out, f);
	conn_flush(c);
}

void conn_send_exited(struct conn *c, const struct program *p)
{
	size_t f = frame_begin(&c->out, T_EXITED);
	put_u64(&c->out, p->id);
	put_u32(&c->out, (uint32_t)p->status);
	put_u32(&c->out, (uint32_t)p->signal);
	put_u64(&c->out, p->ended_ms);
	frame_end(&c->out, f);
	conn_flush(c);
}

/* ---- logs ---- */

static int open_log(const struct program *p, int s)
{
	char path[96];
	snprintf(path, sizeof path, "programs/%llu/%s", (unsigned long long)p->id, s ? "stderr" : "stdout");
	return openat(g_statefd, path, O_RDONLY | O_CLOEXEC);
}

/*
 * Appends LOG_DATA with up to want bytes of a log from *off. With follow, sends nothing when there is
 * nothing new yet. Returns 0: nothing sent, 1: sent, 2: sent and it reached the end of a final log.
 */
static int log_frame(struct conn *c, const struct program *p, int s, int fd, uint64_t *off, size_t want, int follow)
{
	int final = prog_log_final(p, s);
	size_t start = frame_begin(&c->out, T_LOG_DATA);
	put_u8(&c->out, (uint8_t)(s + 1));
	put_u64(&c->out, *off);
	put_u8(&c->out, 0);
	uint8_t *dst = buf_space(&c->out, want);
	ssize_t n = fd >= 0 && want > 0 && *off <= INT64_MAX ? pread(fd, dst, want, (off_t)*off) : 0;
	if (n < 0)
		n = 0;
	int ended = final && (*off + (uint64_t)n >= p->out[s].logsize || (size_t)n < want);
	if (follow && n == 0 && !ended) {
		c->out.len = c->out.off + start;
		return 0;
	}
	c->out.data[c->out.off + start + 14] = (uint8_t)ended;   /* after length, type, stream and offset */
	c->out.len += (size_t)n;
	frame_end(&c->out, start);
	*off += (uint64_t)n;
	conn_flush(c);
	return ended ? 2 : 1;
}

static void end_busy(struct conn *c)
{
	for (int s = 0; s < 2; s++) {
		if (c->att_fd[s] >= 0)
			close(c->att_fd[s]);
		c->att_fd[s] = -1;
	}
	c->busy = BUSY_NONE;
	c->target = NULL;
	c->resume = 1;
}

static void attach_pump(struct conn *c)
{
	struct program *p = c->target;
	for (int s = 0; s < 2; s++)
		while (!c->att_done[s] && !c->dead && buf_used(&c->out) < OUT_HIGH) {
			int r = log_frame(c, p, s, c->att_fd[s], &c->att_off[s], CHUNK, 1);
			c->att_done[s] = r == 2;
			if (r == 0)
				break;
		}
	if (c->att_done[0] && c->att_done[1] && !c->dead) {
		conn_send_exited(c, p);
		end_busy(c);
	}
}

void conns_program_changed(struct program *p)
{
	for (struct conn *c = conns; c; c = c->next) {
		if (c->dead || c->target != p)
			continue;
		if (c->busy == BUSY_WAIT && !p->running) {
			conn_send_exited(c, p);
			end_busy(c);
		} else if (c->busy == BUSY_ATTACH) {
			attach_pump(c);
		}
	}
}

/* ---- requests ---- */

static int secret_ok(const uint8_t *s, uint32_t n)
{
	/* time depends on the real secret's length only, never on where a guess goes wrong */
	unsigned diff = n != g_secret_len;
	for (size_t i = 0; i < g_secret_len; i++)
		diff |= g_secret[i] ^ (n ? s[i % n] : 0u);
	return diff == 0;
}

static char *get_cstr(struct reader *r, int *invalid)
{
	uint32_t n;
	const uint8_t *s = get_str(r, &n);
	char *c = malloc((size_t)n + 1);
	if (!c)
		abort();
	memcpy(c, s, n);
	c[n] = 0;
	*invalid |= memchr(s, 0, n) != NULL;
	return c;
}

static char **get_cstrs(struct reader *r, int *invalid)
{
	uint32_t n = get_u32(r);
	if (n > r->n / 4)   /* each needs at least its length: refuse before allocating */
		r->bad = 1;
	n = r->bad ? 0 : n;
	char **v = calloc((size_t)n + 1, sizeof *v);
	if (!v)
		abort();
	for (uint32_t i = 0; i < n; i++)
		v[i] = get_cstr(r, invalid);
	return v;
}

static void free_strs(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

int conn_parsed(struct conn *c, struct reader *r)
{
	if (!r->bad && r->n == 0)
		return 1;
	conn_error(c, CONN_CLOSE, EPROTO, "malformed payload");
	return 0;
}

static struct program *find(struct conn *c, uint64_t id)
{
	struct program *p = prog_find(id);
	if (!p)
		conn_error(c, CONN_KEEP, ESRCH, "no program %llu", (unsigned long long)id);
	return p;
}

static void do_start(struct conn *c, struct reader *r)
{
	struct start_req rq;
	int invalid = 0;
	memset(&rq, 0, sizeof rq);
	rq.flags = get_u32(r);
	rq.cwd = get_cstr(r, &invalid);
	rq.argv = get_cstrs(r, &invalid);
	rq.env = get_cstrs(r, &invalid);
	uint32_t nl = get_u32(r);
	for (uint32_t i = 0; i < nl && !r->bad; i++) {
		struct rlim_req l = { get_u8(r), 0, 0 };
		l.soft = get_u64(r);
		l.hard = get_u64(r);
		invalid |= i >= 64 || l.resource >= RLIMIT_NLIMITS;
		if (!invalid)
			rq.limits[rq.nlimits++] = l;
	}
	rq.in_mode = get_u8(r);
	rq.out_mode = get_u8(r);
	rq.err_mode = get_u8(r);
	rq.rows = get_u16(r);
	rq.cols = get_u16(r);
	rq.window = get_u32(r);
	size_t argv_bytes = 4;   /* so that LIST's PROGRAM frame stays within the frame limit */
	for (size_t i = 0; rq.argv[i]; i++)
		argv_bytes += 4 + strlen(rq.argv[i]);
	struct program *p;
	char msg[512];
	int err;
	if (!conn_parsed(c, r))
		;
	else if (invalid)
		conn_error(c, CONN_KEEP, EINVAL, "invalid START: a string holds a NUL byte, or an unknown rlimit");
	else if (argv_bytes > 1048576)
		conn_error(c, CONN_KEEP, E2BIG, "argv too long");
	else if ((err = prog_start(&rq, c, &p, msg, sizeof msg)) != 0)
		conn_error(c, CONN_KEEP, err, "%s", msg);
	else {
		c->chan = p;
		size_t f = frame_begin(&c->out, T_STARTED);
		put_u64(&c->out, p->id);
		put_u32(&c->out, (uint32_t)p->pid);
		put_u32(&c->out, rq.in_mode == 1 ? STDIN_WINDOW : 0);
		frame_end(&c->out, f);
		conn_flush(c);
	}
	free(rq.cwd);
	free_strs(rq.argv);
	free_strs(rq.env);
}

static void do_list(struct conn *c)
{
	struct buf *b = &c->out;
	for (uint64_t id = 1; id <= prog_count(); id++) {
		struct program *p = prog_find(id);
		size_t f = frame_begin(b, T_PROGRAM);
		put_u64(b, p->id);
		put_u32(b, (uint32_t)p->pid);
		put_u8(b, (uint8_t)p->running);
		put_u32(b, (uint32_t)p->status);
		put_u32(b, (uint32_t)p->signal);
		put_u64(b, p->started_ms);
		put_u64(b, p->ended_ms);
		put_u64(b, p->out[0].logsize);
		put_u64(b, p->out[1].logsize);
		put_u64(b, p->dropped);
		uint32_t n = 0;
		while (p->argv[n])
			n++;
		put_u32(b, n);
		for (uint32_t i = 0; i < n; i++)
			put_str(b, p->argv[i]);
		frame_end(b, f);
	}
	send_empty(c, T_END);
}

static void do_request(struct conn *c, uint8_t type, struct reader *r)
{
	struct program *p;
	uint64_t id = type == T_START || type == T_LIST || type == T_SHUTDOWN || type == T_EGRESS_LISTEN ? 0 : get_u64(r);
	int err;
	switch (type) {
	case T_START:
		do_start(c, r);
		break;
	case T_SIGNAL: {
		int sig = (int32_t)get_u32(r), scope = get_u8(r);
		if (!conn_parsed(c, r) || !(p = find(c, id)))
			break;
		if ((err = prog_signal(p, sig, scope)) != 0)
			conn_error(c, CONN_KEEP, err, "signal %d to program %llu: %s", sig, (unsigned long long)id, strerror(err));
		else
			send_empty(c, T_OK);
		break;
	}
	case T_RESIZE: {
		uint16_t rows = get_u16(r), cols = get_u16(r);
		if (!conn_parsed(c, r) || !(p = find(c, id)))
			break;
		if ((err = prog_resize(p, rows, cols)) != 0)
			conn_error(c, CONN_KEEP, err, "resize program %llu: %s", (unsigned long long)id, strerror(err));
		else
			send_empty(c, T_OK);
		break;
	}
	case T_WAIT:
		if (!conn_parsed(c, r) || !(p = find(c, id)))
			break;
		if (!p->running) {
			conn_send_exited(c, p);
		} else {
			c->busy = BUSY_WAIT;
			c->target = p;
		}
		break;
	case T_LIST:
		if (conn_parsed(c, r))
			do_list(c);
		break;
	case T_READ_LOG: {
		int s = get_u8(r);
		uint64_t off = get_u64(r);
		uint32_t max = get_u32(r);
		if (!conn_parsed(c, r) || !(p = find(c, id)))
			break;
		int fd = s == 1 || s == 2 ? open_log(p, s - 1) : -1;
		if (fd < 0) {
			conn_error(c, CONN_KEEP, s == 1 || s == 2 ? errno : EINVAL, "no log %d of program %llu", s, (unsigned long long)id);
			break;
		}
		log_frame(c, p, s - 1, fd, &off, max < 1048576 ? max : 1048576, 0);
		close(fd);
		break;
	}
	case T_ATTACH:
		c->att_off[0] = get_u64(r);
		c->att_off[1] = get_u64(r);
		if (!conn_parsed(c, r) || !(p = find(c, id)))
			break;
		c->busy = BUSY_ATTACH;
		c->target = p;
		for (int s = 0; s < 2; s++) {
			c->att_fd[s] = open_log(p, s);
			c->att_done[s] = 0;
		}
		attach_pump(c);
		break;
	case T_SHUTDOWN: {
		uint32_t grace = get_u32(r);
		if (!conn_parsed(c, r))
			break;
		send_empty(c, T_OK);
		begin_shutdown(grace);
		break;
	}
	case T_EGRESS_LISTEN:
		egress_listen(c, r);
		break;
	case T_EGRESS_ATTACH:
		/* the bytes after this frame are already the relay's */
		if (conn_parsed(c, r))
			egress_attach(c, id, r->p, (size_t)(c->in.data + c->in.len - r->p));
		break;
	case T_DNS_REPLY:
	case T_EGRESS_ABORT:
		conn_error(c, CONN_CLOSE, EPROTO, "frame type 0x%02x belongs on the egress control connection", type);
		break;
	case T_HELLO:
		conn_error(c, CONN_CLOSE, EPROTO, "HELLO was already sent");
		break;
	case T_STDIN:
	case T_STDIN_CLOSE:
	case T_CREDIT:
	case T_DROP_OUTPUT:
		conn_error(c, CONN_CLOSE, EPROTO, "frame type 0x%02x belongs on a program's channel", type);
		break;
	default:
		conn_error(c, CONN_CLOSE, EPROTO, "unknown frame type 0x%02x", type);
	}
}

static void do_channel(struct conn *c, uint8_t type, struct reader *r)
{
	struct program *p = c->chan;
	int s = type == T_CREDIT || type == T_DROP_OUTPUT ? get_u8(r) : 0;
	uint32_t n = type == T_CREDIT ? get_u32(r) : 0;
	if (type == T_STDIN) {
		if (prog_stdin(p, r->p, r->n) != 0)
			conn_error(c, CONN_CLOSE, EPROTO, "STDIN beyond the stdin window");
	} else if (type < T_HELLO || type > T_EGRESS_ABORT) {
		conn_error(c, CONN_CLOSE, EPROTO, "unknown frame type 0x%02x", type);
	} else if (type != T_STDIN_CLOSE && type != T_CREDIT && type != T_DROP_OUTPUT) {
		conn_error(c, CONN_CLOSE, EPROTO, "frame type 0x%02x does not belong on a program's channel", type);
	} else if (conn_parsed(c, r)) {
		if ((type == T_CREDIT || type == T_DROP_OUTPUT) && s != 1 && s != 2)
			conn_error(c, CONN_CLOSE, EPROTO, "no stream %d", s);
		else if (type == T_STDIN_CLOSE)
			prog_stdin_close(p);
		else if (type == T_CREDIT)
			prog_credit(p, s - 1, n);
		else
			prog_drop_output(p, s - 1);
	}
}

/* The egress control connection takes DNS answers and aborts, nothing else: it is busy with what it announces. */
static void do_egress_ctl(struct conn *c, uint8_t type, struct reader *r)
{
	if (type != T_DNS_REPLY && type != T_EGRESS_ABORT) {
		conn_error(c, CONN_CLOSE, EPROTO, "frame type 0x%02x does not belong on the egress control connection", type);
		return;
	}
	uint64_t id = get_u64(r);
	if (r->bad || (type == T_EGRESS_ABORT && !conn_parsed(c, r)))
		conn_error(c, CONN_CLOSE, EPROTO, "malformed payload");
	else if (type == T_DNS_REPLY)
		egress_dns_reply(c, id, r->p, r->n);
	else
		egress_abort(id);
}

static void do_hello(struct conn *c, uint8_t type, struct reader *r)
{
	uint32_t version = get_u32(r), n;
	const uint8_t *secret = get_str(r, &n);
	if (type != T_HELLO) {
		conn_error(c, CONN_CLOSE, EACCES, "the first frame must be HELLO");
	} else if (!conn_parsed(c, r)) {
		return;
	} else if (version != 1) {
		conn_error(c, CONN_CLOSE, EPROTONOSUPPORT, "protocol version %u is not supported (1 is)", version);
	} else if (!secret_ok(secret, n)) {
		conn_error(c, CONN_CLOSE, EACCES, "wrong secret");
	} else {
		c->authed = 1;
		size_t f = frame_begin(&c->out, T_HELLO_OK);
		put_u32(&c->out, 1);
		put_u32(&c->out, (uint32_t)getpid());
		put_u64(&c->out, g_instance);
		put_u64(&c->out, g_started_ms);
		frame_end(&c->out, f);
		conn_flush(c);
	}
}

static void conn_process(struct conn *c)
{
	while (!c->dead && !c->closing && c->busy == BUSY_NONE && buf_used(&c->in) >= 4) {
		const uint8_t *f = c->in.data + c->in.off;
		uint32_t len = (uint32_t)f[0] << 24 | (uint32_t)f[1] << 16 | (uint32_t)f[2] << 8 | f[3];
		if (len == 0 || len > MAX_FRAME) {
			conn_error(c, CONN_CLOSE, EMSGSIZE, "frame length %u out of range", len);
			break;
		}
		if (buf_used(&c->in) < 4 + (size_t)len)
			break;
		struct reader r = { f + 5, len - 1, 0 };
		if (!c->authed)
			do_hello(c, f[4], &r);
		else if (c->chan)
			do_channel(c, f[4], &r);
		else if (c->egress_ctl)
			do_egress_ctl(c, f[4], &r);
		else
			do_request(c, f[4], &r);
		buf_consume(&c->in, 4 + (size_t)len);
	}
	conn_update(c);
}

static void conn_read(struct conn *c, uint32_t events)
{
	size_t room = MAX_FRAME + 4 - buf_used(&c->in), want = room < CHUNK ? room : CHUNK;
	ssize_t n;
	if (c->closing) {   /* read what still comes, only to see the end */
		n = read(c->w.fd, scratch, sizeof scratch);
	} else if (room == 0) {   /* requests queued behind a WAIT or ATTACH: only notice a hang-up */
		c->dead = (events & (EPOLLHUP | EPOLLERR)) != 0;
		return;
	} else if ((n = read(c->w.fd, buf_space(&c->in, want), want)) > 0) {
		c->in.len += (size_t)n;
		conn_process(c);
		return;
	}
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n == 0 && !c->closing && !c->chan && !c->busy && buf_used(&c->in))
		conn_error(c, CONN_CLOSE, EPROTO, "truncated frame");   /* the client's last word, cut short */
	else if (n <= 0)
		c->dead = 1;
}

void conn_event(struct conn *c, uint32_t events)
{
	if (c->dead)
		return;
	if (events & EPOLLOUT) {
		conn_flush(c);
		if (c->busy == BUSY_ATTACH && !c->dead)
			attach_pump(c);
	}
	if (!c->dead && events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR))
		conn_read(c, events);
}

void conn_accept(int listen_fd)
{
	for (;;) {
		int fd = accept4(listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd < 0 && (errno == EINTR || errno == ECONNABORTED))
			continue;
		if (fd < 0) {
			if (errno != EAGAIN)
				sup_log("accept: %s", strerror(errno));
			return;
		}
		int one = 1;
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);   /* fails harmlessly on unix sockets */
		struct conn *c = calloc(1, sizeof *c);
		if (!c)
			abort();
		c->w = (struct watch){ W_CONN, fd, 0, c, 0 };
		c->att_fd[0] = c->att_fd[1] = -1;
		c->next = conns;
		conns = c;
		conn_update(c);
	}
}

void conns_housekeeping(void)
{
	int again;
	do {
		again = 0;
		for (struct conn *c = conns; c; c = c->next)
			if (c->resume && !c->dead) {
				c->resume = 0;
				conn_process(c);
				again |= c->resume;
			}
	} while (again);
	for (struct conn **pp = &conns; *pp;) {
		struct conn *c = *pp;
		if (!c->dead) {
			pp = &c->next;
			continue;
		}
		*pp = c->next;
		egress_conn_gone(c);
		if (c->chan)
			prog_detach(c->chan);
		end_busy(c);
		watch_close(&c->w);
		buf_free(&c->in);
		buf_free(&c->out);
		free(c);
	}
}

void conns_flush_all(void)
{
	for (struct conn *c = conns; c; c = c->next)
		conn_flush(c);
}
