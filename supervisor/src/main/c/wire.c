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

/* Positions are relative to off: growing the buffer may move pending bytes to its start. */
size_t frame_begin(struct buf *b, uint8_t type)
{
	size_t start = b->len - b->off;
	put_be(b, 0, 4);
	put_be(b, type, 1);
	return start;
}

void frame_end(struct buf *b, size_t start)
{
	uint64_t n = b->len - b->off - start - 4;
	for (int i = 0; i < 4; i++)
		b->data[b->off + start + (size_t)i] = (uint8_t)(n >> 8 * (3 - i));
}

void put_be(struct buf *b, uint64_t v, int bytes)
{
	uint8_t p[8];
	for (int i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> 8 * (bytes - 1 - i));
	buf_append(b, p, (size_t)bytes);
}

void put_str(struct buf *b, const char *s)
{
	size_t n = strlen(s);
	put_be(b, n, 4);
	buf_append(b, s, n);
}

uint64_t get_be(struct reader *r, int bytes)
{
	uint64_t v = 0;
	if (r->bad || r->n < (size_t)bytes) {
		r->bad = 1;
		return 0;
	}
	for (int i = 0; i < bytes; i++)
		v = v << 8 | r->p[i];
	r->p += bytes;
	r->n -= (size_t)bytes;
	return v;
}

const uint8_t *get_str(struct reader *r, uint32_t *len)
{
	*len = get_u32(r);
	if (r->bad || r->n < *len) {
		r->bad = 1;
		*len = 0;
		return (const uint8_t *)"";
	}
	const uint8_t *p = r->p;
	r->p += *len;
	r->n -= *len;
	return p;
}
