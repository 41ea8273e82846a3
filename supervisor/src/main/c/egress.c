/*
 * egress.c: the egress relay (see egress.h). One control connection at a time owns the listeners; each
 * accepted TCP connection waits, unread, until the host attaches a connection of its own to it, and from
 * then on bytes flow between the two through two bounded buffers. DNS datagrams travel as frames on the
 * control connection.
 *
 * Memory stays bounded: at most MAX_PENDING connections wait and MAX_RELAYS are relayed (beyond, an
 * accepted connection is closed at once), a relay holds at most RELAY_BUF per direction, at most
 * MAX_QUERIES DNS queries are outstanding, and the listeners are not read while the control connection
 * holds CTL_OUT_HIGH unsent.
 */
#define _GNU_SOURCE
#include "egress.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "conn.h"
#include "wire.h"

#define MAX_LISTENERS 64
#define MAX_PENDING 256
#define MAX_RELAYS 4096
#define RELAY_BUF 65536
#define DNS_MAX 4096
#define MAX_QUERIES 512
#define DNS_EXPIRY_MS 5000
#define CTL_OUT_HIGH (1024 * 1024)
#define ACCEPT_PAUSE_MS 100

uint64_t g_egress_expiry_ms = 10000;

/* An accepted connection the host has not attached yet. */
struct pending {
	uint64_t id;
	int fd;
	uint64_t deadline;
	struct pending *next;
};

/* A DNS query sent to the host and not answered yet. */
struct query {
	uint64_t id;
	int listener;
	struct sockaddr_storage peer;
	socklen_t peerlen;
	uint64_t deadline;
	struct query *next;
};

/* Side 0 is the host's connection, side 1 the program's socket. */
struct relay {
	uint64_t id;
	struct watch w[2];
	struct buf to[2];   /* bytes waiting to be written to that side */
	int eof[2];         /* that side sent its end */
	int shut[2];        /* its end was passed on: we shut down writing to that side */
	int dead;           /* freed at the next egress_step */
	int aborted;        /* the host cut it: the program gets a reset, not an end */
	struct relay *next;
};

static struct conn *ctl;   /* the egress control connection, while there is one */
static struct watch tcp[MAX_LISTENERS], dns[MAX_LISTENERS];
static int ntcp, ndns;
static uint8_t tcp_kind[MAX_LISTENERS];
static uint64_t accept_paused_until;   /* out of fds: try again later rather than spin */

static struct pending *pending, **pending_tail = &pending;
static int npending;
static struct query *queries, **queries_tail = &queries;
static int nqueries;
static struct relay *relays;
static int nrelays;
static uint64_t next_id;

/* ---- addresses ---- */

/* family (4 or 6), the address's bytes, port; an unknown family makes the payload malformed */
static socklen_t get_addr(struct reader *r, struct sockaddr_storage *ss)
{
	int family = get_u8(r);
	memset(ss, 0, sizeof *ss);
	if (family == 4) {
		struct sockaddr_in *a = (struct sockaddr_in *)ss;
		a->sin_family = AF_INET;
		for (int i = 0; i < 4; i++)
			((uint8_t *)&a->sin_addr)[i] = get_u8(r);
		a->sin_port = htons(get_u16(r));
		return sizeof *a;
	}
	if (family == 6) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)ss;
		a->sin6_family = AF_INET6;
		for (int i = 0; i < 16; i++)
			a->sin6_addr.s6_addr[i] = get_u8(r);
		a->sin6_port = htons(get_u16(r));
		return sizeof *a;
	}
	r->bad = 1;
	return 0;
}

static uint16_t port_of(const struct sockaddr_storage *ss)
{
	return ntohs(ss->ss_family == AF_INET ? ((const struct sockaddr_in *)ss)->sin_port
					      : ((const struct sockaddr_in6 *)ss)->sin6_port);
}

static void put_addr(struct buf *b, const struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET) {
		put_u8(b, 4);
		buf_append(b, &((const struct sockaddr_in *)ss)->sin_addr, 4);
	} else {
		put_u8(b, 6);
		buf_append(b, &((const struct sockaddr_in6 *)ss)->sin6_addr, 16);
	}
	put_u16(b, port_of(ss));
}

static const char *addr_text(const struct sockaddr_storage *ss, char *text, size_t size)
{
	char host[INET6_ADDRSTRLEN];
	const void *a = ss->ss_family == AF_INET ? (const void *)&((const struct sockaddr_in *)ss)->sin_addr
						 : (const void *)&((const struct sockaddr_in6 *)ss)->sin6_addr;
	inet_ntop(ss->ss_family, a, host, sizeof host);
	snprintf(text, size, ss->ss_family == AF_INET ? "%s:%u" : "[%s]:%u", host, port_of(ss));
	return text;
}

/* ---- listeners ---- */

/* A bound (for TCP: listening) non-blocking socket, or -1 with errno. */
static int bind_one(const struct sockaddr_storage *ss, socklen_t len, int type, uint16_t *port)
{
	int fd = socket(ss->ss_family, type | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	int one = 1;
	struct sockaddr_storage got;
	socklen_t gotlen = sizeof got;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	/* a v6 listener takes v6 alone: v4 destinations are the host's to ask for */
	if ((ss->ss_family != AF_INET6 || setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one) == 0)
	    && bind(fd, (const struct sockaddr *)ss, len) == 0 && (type != SOCK_STREAM || listen(fd, 128) == 0)
	    && getsockname(fd, (struct sockaddr *)&got, &gotlen) == 0) {
		*port = port_of(&got);
		return fd;
	}
	int err = errno;
	close(fd);
	errno = err;
	return -1;
}

/* Listeners are read while the control connection can take what they produce. */
static void listeners_update(void)
{
	int on = conn_usable(ctl) && buf_used(&ctl->out) < CTL_OUT_HIGH;
	for (int i = 0; i < ntcp; i++)
		watch_set(&tcp[i], on && mono_ms() >= accept_paused_until ? EPOLLIN : 0);
	for (int i = 0; i < ndns; i++)
		watch_set(&dns[i], on ? EPOLLIN : 0);
}

static void close_listeners(void)
{
	for (int i = 0; i < ntcp; i++)
		watch_close(&tcp[i]);
	for (int i = 0; i < ndns; i++)
		watch_close(&dns[i]);
	ntcp = ndns = 0;
}

/* No egress without the host: the listeners go, and with them the queries nobody can answer now. */
static void ctl_gone(void)
{
	close_listeners();
	while (queries) {
		struct query *q = queries;
		queries = q->next;
		free(q);
	}
	queries_tail = &queries;
	nqueries = 0;
	ctl = NULL;
}

void egress_listen(struct conn *c, struct reader *r)
{
	struct sockaddr_storage addr[2][MAX_LISTENERS];
	socklen_t len[2][MAX_LISTENERS];
	uint8_t kind[MAX_LISTENERS];
	uint32_t n[2];
	int too_many = 0;
	for (int t = 0; t < 2; t++) {
		n[t] = get_u32(r);
		too_many |= n[t] > MAX_LISTENERS;
		for (uint32_t i = 0; i < n[t] && i < MAX_LISTENERS && !r->bad; i++) {
			len[t][i] = get_addr(r, &addr[t][i]);
			if (t == 0)
				kind[i] = get_u8(r);
		}
	}
	if (too_many) {
		conn_error(c, CONN_KEEP, EINVAL, "at most %d TCP and %d DNS listeners", MAX_LISTENERS, MAX_LISTENERS);
		return;
	}
	if (!conn_parsed(c, r))
		return;
	for (uint32_t i = 0; i < n[0]; i++)
		if (kind[i] > 1) {
			conn_error(c, CONN_KEEP, EINVAL, "TCP listener %u: unknown kind %u", i, kind[i]);
			return;
		}
	if (ctl) {
		conn_error(c, CONN_KEEP, EBUSY, "another connection controls egress");
		return;
	}
	uint16_t ports[2][MAX_LISTENERS];
	for (int t = 0; t < 2; t++)
		for (uint32_t i = 0; i < n[t]; i++) {
			struct watch *w = t == 0 ? &tcp[i] : &dns[i];
			int fd = bind_one(&addr[t][i], len[t][i], t == 0 ? SOCK_STREAM : SOCK_DGRAM, &ports[t][i]);
			if (fd < 0) {
				int err = errno;
				char text[64];
				close_listeners();
				conn_error(c, CONN_KEEP, err, "%s listener %u (%s): %s", t == 0 ? "TCP" : "DNS", i,
					   addr_text(&addr[t][i], text, sizeof text), strerror(err));
				return;
			}
			*w = (struct watch){ t == 0 ? W_EGRESS_TCP : W_EGRESS_DNS, fd, 0, NULL, (int)i };
			if (t == 0) {
				tcp_kind[i] = kind[i];
				ntcp++;
			} else {
				ndns++;
			}
		}
	ctl = c;
	c->egress_ctl = 1;
	size_t f = frame_begin(&c->out, T_EGRESS_LISTENING);
	for (int t = 0; t < 2; t++) {
		put_u32(&c->out, n[t]);
		for (uint32_t i = 0; i < n[t]; i++)
			put_u16(&c->out, ports[t][i]);
	}
	frame_end(&c->out, f);
	conn_flush(c);
	listeners_update();
}

static void accept_tcp(struct watch *w)
{
	for (;;) {
		int fd = accept4(w->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd < 0 && (errno == EINTR || errno == ECONNABORTED))
			continue;
		if (fd < 0) {
			if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
				/* the connection stays queued and the listener readable: pause, or the loop would spin */
				sup_log("egress accept: %s", strerror(errno));
				accept_paused_until = mono_ms() + ACCEPT_PAUSE_MS;
				listeners_update();
			} else if (errno != EAGAIN) {
				sup_log("egress accept: %s", strerror(errno));
			}
			return;
		}
		struct sockaddr_storage dst, peer;
		socklen_t dl = sizeof dst, pl = sizeof peer;
		if (!conn_usable(ctl) || npending >= MAX_PENDING || npending + nrelays >= MAX_RELAYS
		    || getsockname(fd, (struct sockaddr *)&dst, &dl) != 0
		    || getpeername(fd, (struct sockaddr *)&peer, &pl) != 0) {
			close(fd);   /* over a cap (or already gone): the program sees its connection end at once */
			continue;
		}
		struct pending *p = calloc(1, sizeof *p);
		if (!p)
			abort();
		*p = (struct pending){ ++next_id, fd, mono_ms() + g_egress_expiry_ms, NULL };
		*pending_tail = p;
		pending_tail = &p->next;
		npending++;
		size_t f = frame_begin(&ctl->out, T_EGRESS_CONN);
		put_u64(&ctl->out, p->id);
		put_u8(&ctl->out, tcp_kind[w->stream]);
		put_addr(&ctl->out, &dst);
		put_addr(&ctl->out, &peer);
		frame_end(&ctl->out, f);
		conn_flush(ctl);
		if (!conn_usable(ctl) || buf_used(&ctl->out) >= CTL_OUT_HIGH)
			return;
	}
}

static void read_dns(struct watch *w)
{
	static uint8_t dgram[DNS_MAX + 1];
	while (conn_usable(ctl) && buf_used(&ctl->out) < CTL_OUT_HIGH) {
		struct sockaddr_storage peer;
		socklen_t pl = sizeof peer;
		ssize_t n = recvfrom(w->fd, dgram, sizeof dgram, MSG_TRUNC, (struct sockaddr *)&peer, &pl);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if ((size_t)n > DNS_MAX || nqueries >= MAX_QUERIES)
			continue;   /* dropped: the resolver asks again */
		struct query *q = calloc(1, sizeof *q);
		if (!q)
			abort();
		*q = (struct query){ ++next_id, w->stream, peer, pl, mono_ms() + DNS_EXPIRY_MS, NULL };
		*queries_tail = q;
		queries_tail = &q->next;
		nqueries++;
		size_t f = frame_begin(&ctl->out, T_DNS_QUERY);
		put_u64(&ctl->out, q->id);
		put_u8(&ctl->out, (uint8_t)q->listener);
		put_addr(&ctl->out, &peer);
		buf_append(&ctl->out, dgram, (size_t)n);
		frame_end(&ctl->out, f);
		conn_flush(ctl);
	}
	listeners_update();
}

void egress_dns_reply(struct conn *c, uint64_t id, const uint8_t *data, size_t n)
{
	(void)c;
	for (struct query **qq = &queries; *qq; qq = &(*qq)->next) {
		struct query *q = *qq;
		if (q->id != id)
			continue;
		/* a full socket buffer drops the reply, as the network might */
		sendto(dns[q->listener].fd, data, n, MSG_DONTWAIT | MSG_NOSIGNAL, (struct sockaddr *)&q->peer, q->peerlen);
		*qq = q->next;
		if (!*qq)
			queries_tail = qq;
		nqueries--;
		free(q);
		return;
	}
}

void egress_conn_drained(struct conn *c)
{
	if (c == ctl)
		listeners_update();
}

void egress_conn_gone(struct conn *c)
{
	if (c == ctl)
		ctl_gone();
}

/* ---- relays ---- */

static void relay_update(struct relay *r)
{
	for (int i = 0; i < 2 && !r->dead; i++) {
		uint32_t ev = 0;
		if (!r->eof[i] && buf_used(&r->to[1 - i]) < RELAY_BUF)
			ev |= EPOLLIN;
		if (buf_used(&r->to[i]))
			ev |= EPOLLOUT;
		watch_set(&r->w[i], ev);
	}
}

/* Writes what waits for side i; once that is all and the other side ended, passes the end on. */
static void relay_flush(struct relay *r, int i)
{
	struct buf *b = &r->to[i];
	while (!r->dead && buf_used(b)) {
		ssize_t n = send(r->w[i].fd, b->data + b->off, buf_used(b), MSG_NOSIGNAL);
		if (n > 0)
			buf_consume(b, (size_t)n);
		else if (n < 0 && errno == EAGAIN)
			break;
		else if (!(n < 0 && errno == EINTR))
			r->dead = 1;
	}
	if (!r->dead && !buf_used(b) && r->eof[1 - i] && !r->shut[i]) {
		shutdown(r->w[i].fd, SHUT_WR);
		r->shut[i] = 1;
	}
}

/* Reads side i while the buffer toward the other side has room. */
static void relay_read(struct relay *r, int i)
{
	struct buf *b = &r->to[1 - i];
	while (!r->dead && !r->eof[i] && buf_used(b) < RELAY_BUF) {
		size_t want = RELAY_BUF - buf_used(b);
		ssize_t n = read(r->w[i].fd, buf_space(b, want), want);
		if (n > 0)
			b->len += (size_t)n;
		else if (n == 0)
			r->eof[i] = 1;
		else if (errno == EAGAIN)
			break;
		else if (errno != EINTR)
			r->dead = 1;
	}
	relay_flush(r, 1 - i);
}

static void relay_event(struct relay *r, int i, uint32_t events)
{
	if (r->dead)
		return;
	if (events & (EPOLLOUT | EPOLLERR | EPOLLHUP))
		relay_flush(r, i);
	if (events & (EPOLLIN | EPOLLERR | EPOLLHUP))
		relay_read(r, i);
	if (r->shut[0] && r->shut[1])
		r->dead = 1;   /* both directions ended */
	relay_update(r);
}

int egress_attach(struct conn *c, uint64_t id, const uint8_t *rest, size_t nrest)
{
	struct pending **pp = &pending, *p;
	while ((p = *pp) != NULL && p->id != id)
		pp = &p->next;
	if (!p) {
		conn_error(c, CONN_KEEP, ENOENT, "no egress connection %llu waits to be attached (unknown, expired or attached)",
			   (unsigned long long)id);
		return 0;
	}
	*pp = p->next;
	if (!*pp)
		pending_tail = pp;
	npending--;
	struct relay *r = calloc(1, sizeof *r);
	if (!r)
		abort();
	r->id = id;
	r->w[0] = (struct watch){ W_RELAY, c->w.fd, 0, r, 0 };
	r->w[1] = (struct watch){ W_RELAY, p->fd, 0, r, 1 };
	free(p);
	/* the connection's fd moves to the relay, with whatever it had not sent yet, then OK; from then on raw bytes */
	buf_append(&r->to[0], c->out.data + c->out.off, buf_used(&c->out));
	size_t f = frame_begin(&r->to[0], T_OK);
	frame_end(&r->to[0], f);
	buf_append(&r->to[1], rest, nrest);
	watch_set(&c->w, 0);
	c->w.fd = -1;
	c->dead = 1;
	r->next = relays;
	relays = r;
	nrelays++;
	relay_flush(r, 0);
	relay_flush(r, 1);
	relay_update(r);
	return 1;
}

/* A reset rather than an orderly close: what the relay and the kernel still buffer for the program is dropped. */
static void close_with_reset(int fd)
{
	struct linger l = { 1, 0 };
	setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
}

void egress_abort(uint64_t id)
{
	for (struct pending **pp = &pending; *pp; pp = &(*pp)->next) {
		struct pending *p = *pp;
		if (p->id != id)
			continue;
		close_with_reset(p->fd);
		close(p->fd);
		*pp = p->next;
		if (!*pp)
			pending_tail = pp;
		npending--;
		free(p);
		return;
	}
	for (struct relay *r = relays; r; r = r->next) {
		if (r->id == id && !r->dead) {
			r->dead = 1;
			r->aborted = 1;
			return;
		}
	}
}

void egress_event(struct watch *w, uint32_t events)
{
	if (w->kind == W_EGRESS_TCP)
		accept_tcp(w);
	else if (w->kind == W_EGRESS_DNS)
		read_dns(w);
	else
		relay_event(w->obj, w->stream, events);
}

int egress_step(void)
{
	uint64_t now = mono_ms();
	int64_t next = -1;
	if (ctl && !conn_usable(ctl))
		ctl_gone();   /* closing after a protocol error: as good as gone */
	while (pending && pending->deadline <= now) {
		struct pending *p = pending;
		pending = p->next;
		close(p->fd);
		free(p);
		npending--;
	}
	if (!pending)
		pending_tail = &pending;
	while (queries && queries->deadline <= now) {
		struct query *q = queries;
		queries = q->next;
		free(q);
		nqueries--;
	}
	if (!queries)
		queries_tail = &queries;
	for (struct relay **rr = &relays; *rr;) {
		struct relay *r = *rr;
		if (!r->dead) {
			rr = &r->next;
			continue;
		}
		*rr = r->next;
		if (r->aborted)
			close_with_reset(r->w[1].fd);
		for (int i = 0; i < 2; i++) {
			watch_close(&r->w[i]);
			buf_free(&r->to[i]);
		}
		free(r);
		nrelays--;
	}
	if (accept_paused_until) {
		if (now >= accept_paused_until)
			accept_paused_until = 0;
		listeners_update();
	}
	/* deadlines only grow along each list, so the heads are the next to expire */
	if (pending)
		next = (int64_t)(pending->deadline - now);
	if (queries && (next < 0 || (int64_t)(queries->deadline - now) < next))
		next = (int64_t)(queries->deadline - now);
	if (accept_paused_until && (next < 0 || (int64_t)(accept_paused_until - now) < next))
		next = (int64_t)(accept_paused_until - now);
	return next < 0 ? -1 : next > 60000 ? 60000 : (int)next;
}
