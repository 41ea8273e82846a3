/*
 * egress.h: the egress relay. The supervisor lives in the sandbox's network namespace, which the host
 * cannot reach into; so it listens there on the host's behalf (EGRESS_LISTEN), announces every accepted
 * connection and every DNS datagram on the egress control connection, and relays an accepted connection
 * over a connection the host opens to it (EGRESS_ATTACH). The host always connects in, so this works
 * over a unix socket and over TCP alike.
 */
#ifndef EGRESS_H
#define EGRESS_H

#include <stdint.h>

#include "sup.h"

struct conn;
struct reader;

extern uint64_t g_egress_expiry_ms;   /* how long an accepted connection waits to be attached */

/*
 * Requests. Each answers on c; egress_attach returns 1 when c was handed to a relay (its fd now belongs
 * to the relay, c is dead), with rest/nrest the bytes the client sent after the request.
 */
void egress_listen(struct conn *c, struct reader *r);
int egress_attach(struct conn *c, uint64_t id, const uint8_t *rest, size_t nrest);
/* Ends connection id at once, waiting or relayed, with a reset the program sees (the host's policy cut it). */
void egress_abort(uint64_t id);
void egress_dns_reply(struct conn *c, uint64_t id, const uint8_t *data, size_t n);

void egress_event(struct watch *w, uint32_t events);
void egress_conn_drained(struct conn *c);   /* c's output went down: DNS listeners may read again */
void egress_conn_gone(struct conn *c);      /* c is about to be freed */

/* Expires what waited too long, frees finished relays; returns ms until the next expiry, or -1. */
int egress_step(void);

#endif
