/*
 * sup.h: what the supervisor's modules share: the epoll set and its watches, the state directory, the
 * secret and the clocks. The supervisor is one thread around one epoll loop, so these are plain globals.
 */
#ifndef SUP_H
#define SUP_H

#include <stddef.h>
#include <stdint.h>

#define MAX_FRAME (1048576 + 64)   /* a frame's length field (type byte and payload) is at most this */
#define OUT_HIGH (256 * 1024)      /* stop producing into a connection that holds this much unsent */
#define CHUNK 65536                /* largest OUTPUT payload, and the unit of log reads */
#define STDIN_WINDOW (256 * 1024)  /* bytes of STDIN a client may send ahead of STDIN_CREDIT */

enum watch_kind { W_LISTEN, W_SIGNALS, W_CONN, W_STDIN, W_OUT, W_EGRESS_TCP, W_EGRESS_DNS, W_RELAY };

/* One fd in the epoll set. Events point at the watch, which lives as long as its owner. */
struct watch {
	enum watch_kind kind;
	int fd;            /* -1 once closed */
	uint32_t events;   /* what epoll watches now; 0: not in the set */
	void *obj;         /* the connection, program or relay */
	int stream;        /* W_OUT: 0 stdout, 1 stderr; W_EGRESS_*: the listener's index; W_RELAY: its side */
};

/*
 * Changing interest to 0 removes the fd from the set: a pipe whose writers are gone reports EPOLLHUP
 * whatever the mask, and a paused output must not spin the loop.
 */
void watch_set(struct watch *w, uint32_t events);
void watch_close(struct watch *w);

/* The fds a launcher (--prepare) hands on: the state directory and the bound socket. */
#define STATE_FD 3
#define SOCKET_FD 4

extern int g_statefd;            /* the state directory (--state or --state-fd) */
extern int g_devnull;
extern uint8_t g_secret[4096];
extern size_t g_secret_len;
extern uint64_t g_instance, g_started_ms;
extern int g_shutting_down;

uint64_t wall_ms(void);
uint64_t mono_ms(void);
void sup_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void begin_shutdown(uint32_t grace_ms);

#endif
