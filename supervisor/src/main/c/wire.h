/*
 * wire.h: byte buffers and the big-endian frame encoding of the supervisor protocol. Decoding never
 * reads past the frame: a short field sets the reader's bad flag and yields zeros, so request handlers
 * parse every field first and check the flag once.
 */
#ifndef WIRE_H
#define WIRE_H

#include <stddef.h>
#include <stdint.h>

enum {
	T_HELLO = 0x01, T_START, T_STDIN, T_STDIN_CLOSE, T_CREDIT, T_DROP_OUTPUT, T_SIGNAL, T_RESIZE,
	T_WAIT, T_LIST, T_READ_LOG, T_ATTACH, T_SHUTDOWN, T_EGRESS_LISTEN, T_EGRESS_ATTACH, T_DNS_REPLY,
	T_EGRESS_ABORT,
	T_HELLO_OK = 0x81, T_ERROR, T_STARTED, T_OUTPUT, T_EXITED, T_PROGRAM, T_END, T_LOG_DATA, T_OK,
	T_OUTPUT_END, T_STDIN_CREDIT, T_EGRESS_LISTENING, T_EGRESS_CONN, T_DNS_QUERY,
};

/* Bytes [off, len) of data are pending. */
struct buf {
	uint8_t *data;
	size_t off, len, cap;
};

static inline size_t buf_used(const struct buf *b) { return b->len - b->off; }
uint8_t *buf_space(struct buf *b, size_t n);   /* room for n more bytes at data + len */
void buf_append(struct buf *b, const void *p, size_t n);
void buf_consume(struct buf *b, size_t n);
void buf_free(struct buf *b);

size_t frame_begin(struct buf *b, uint8_t type);   /* returns where the frame starts, from off */
void frame_end(struct buf *b, size_t start);       /* fills in its length */
void put_be(struct buf *b, uint64_t v, int bytes);
static inline void put_u8(struct buf *b, uint8_t v) { put_be(b, v, 1); }
static inline void put_u16(struct buf *b, uint16_t v) { put_be(b, v, 2); }
static inline void put_u32(struct buf *b, uint32_t v) { put_be(b, v, 4); }
static inline void put_u64(struct buf *b, uint64_t v) { put_be(b, v, 8); }
void put_str(struct buf *b, const char *s);

struct reader {
	const uint8_t *p;
	size_t n;
	int bad;
};

uint64_t get_be(struct reader *r, int bytes);
static inline uint8_t get_u8(struct reader *r) { return (uint8_t)get_be(r, 1); }
static inline uint16_t get_u16(struct reader *r) { return (uint16_t)get_be(r, 2); }
static inline uint32_t get_u32(struct reader *r) { return (uint32_t)get_be(r, 4); }
static inline uint64_t get_u64(struct reader *r) { return get_be(r, 8); }
const uint8_t *get_str(struct reader *r, uint32_t *len);

#endif
