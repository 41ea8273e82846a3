/*
 * wire.c: byte buffers and frame encoding and decoding (see wire.h). Buffers grow on demand; their
 * size is bounded by the callers (credit, windows, OUT_HIGH), and a large one is freed once drained so
 * a single big answer does not pin memory for the connection's life.
 */
#define _GNU_SOURCE
#include "wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint8_t *buf_space(struct buf *b, size_t n)
{
	if (b->cap - b->len < n && b->off > 0) {
		memmove(b->data, b->data + b->off, b->len - b->off);
		b->len -= b->off;
		b->off = 0;
	}
	if (b->cap - b->len < n) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap - b->len < n)
			cap *= 2;
		uint8_t *d = realloc(b->data, cap);
		if (!d) {
			fputs("shellbox-supervisor: out of memory\n", stderr);
			abort();
		}
		b->data = d;
		b->cap = cap;
	}
	return b->data + b->len;
}

void buf_append(struct buf *b, const void *p, size_t n)
{
	if (n == 0)
		return;
	memcpy(buf_space(b, n), p, n);
	b->len += n;
}

void buf_consume(struct buf *b, size_t n)
{
	b->off += n;
	if (b->off < b->len)
		return;
	b->off = b->len = 0;
	if (b->cap > 1048576)
		buf_free(b);
}

void buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->off = b->len = b->cap = 0;
}

size_t frame_begin(struct buf *b, uint8_t type)
{
	size_t start = b->len;
	put_u32(b, 0);
	put_u8(b, type);
	return start;
}

void frame_end(struct buf *b, size_t start)
{
	uint32_t n = (uint32_t)(b->len - start - 4);
	uint8_t *p = b->data + start;
	p[0] = (uint8_t)(n >> 24);
	p[1] = (uint8_t)(n >> 16);
	p[2] = (uint8_t)(n >> 8);
	p[3] = (uint8_t)n;
}

void put_u8(struct buf *b, uint8_t v) { buf_append(b, &v, 1); }

void put_u16(struct buf *b, uint16_t v)
{
	uint8_t p[2] = { (uint8_t)(v >> 8), (uint8_t)v };
	buf_append(b, p, 2);
}

void put_u32(struct buf *b, uint32_t v)
{
	put_u16(b, (uint16_t)(v >> 16));
	put_u16(b, (uint16_t)v);
}

void put_u64(struct buf *b, uint64_t v)
{
	put_u32(b, (uint32_t)(v >> 32));
	put_u32(b, (uint32_t)v);
}

void put_str(struct buf *b, const char *s)
{
	size_t n = strlen(s);
	put_u32(b, (uint32_t)n);
	buf_append(b, s, n);
}

static const uint8_t *take(struct reader *r, size_t n)
{
	static const uint8_t zeros[8];
	if (r->bad || r->n < n) {
		r->bad = 1;
		return zeros;
	}
	const uint8_t *p = r->p;
	r->p += n;
	r->n -= n;
	return p;
}

uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

uint8_t get_u8(struct reader *r) { return *take(r, 1); }

uint16_t get_u16(struct reader *r)
{
	const uint8_t *p = take(r, 2);
	return (uint16_t)(p[0] << 8 | p[1]);
}

uint32_t get_u32(struct reader *r) { return be32(take(r, 4)); }

uint64_t get_u64(struct reader *r)
{
	const uint8_t *p = take(r, 8);
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

const uint8_t *get_str(struct reader *r, uint32_t *len)
{
	*len = get_u32(r);
	if (r->bad || r->n < *len) {
		r->bad = 1;
		*len = 0;
		return (const uint8_t *)"";
	}
	return take(r, *len);
}
