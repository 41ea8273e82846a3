/*
 * programs.c: starting programs, moving their bytes between pipes, channel and logs, and recording
 * how they end.
 *
 * Flow control lives here: a streamed output is read only while its channel has credit and room
 * (OUT_HIGH), so a slow client slows the program the way a full pipe would; a logged output is always
 * read, so the program is never slowed by its log.
 */
#define _GNU_SOURCE
#include "programs.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "conn.h"
#include "proctree.h"

static struct program **progs;
static uint64_t nprogs, capprogs;
static uint8_t scratch[CHUNK];

static const char *const log_names[2] = { "stdout", "stderr" };

struct program *prog_find(uint64_t id) { return id >= 1 && id <= nprogs ? progs[id - 1] : NULL; }

uint64_t prog_count(void) { return nprogs; }

static int streaming(const struct program *p, const struct output *o)
{
	return o->mode == MODE_STREAM && conn_usable(p->chan);
}

int prog_log_final(const struct program *p, int s)
{
	return !p->running && p->out[s].w.fd < 0;
}

void prog_update(struct program *p)
{
	for (int s = 0; s < 2; s++) {
		struct output *o = &p->out[s];
		if (o->w.fd < 0)
			continue;
		int want = !streaming(p, o) || (o->credit > 0 && buf_used(&p->chan->out) < OUT_HIGH);
		watch_set(&o->w, want ? EPOLLIN : 0);
	}
	if (p->in.fd >= 0)
		watch_set(&p->in, buf_used(&p->inbuf) || p->in_eof_pending ? EPOLLOUT : 0);
}

/* ---- starting ---- */

/* Like execvpe, but searching the PATH of the program's env rather than ours. Returns only on failure. */
static void exec_in_path(char **argv, char **env)
{
	const char *file = argv[0];
	if (strchr(file, '/')) {
		execve(file, argv, env);
		return;
	}
	const char *path = "/bin:/usr/bin";   /* glibc's default when PATH is unset */
	for (char **e = env; *e; e++)
		if (strncmp(*e, "PATH=", 5) == 0) {
			path = *e + 5;
			break;
		}
	int eacces = 0;
	size_t flen = strlen(file);
	for (const char *dir = path;; dir++) {
		const char *end = strchrnul(dir, ':');
		size_t dlen = (size_t)(end - dir);
		char full[4096];
		if (*file && dlen + flen + 2 <= sizeof full) {
			memcpy(full, dir, dlen);
			if (dlen)   /* an empty entry means the working directory */
				full[dlen++] = '/';
			memcpy(full + dlen, file, flen + 1);
			execve(full, argv, env);
			if (errno == EACCES)
				eacces = 1;
			else if (errno != ENOENT && errno != ENOTDIR)
				return;
		}
		dir = end;
		if (!*dir)
			break;
	}
	errno = eacces ? EACCES : ENOENT;
}

enum { STAGE_TTY, STAGE_FDS, STAGE_CHDIR, STAGE_RLIMIT, STAGE_EXEC };

/* In the forked child: never returns. Failures go to errfd as {errno, stage, detail}. */
static void child(const struct start_req *rq, int fd_in, int fd_out, int fd_err, int errfd)
{
	int report[3] = { 0, STAGE_FDS, 0 };
	sigset_t none;
	sigemptyset(&none);
	for (int sig = 1; sig < NSIG; sig++)
		signal(sig, SIG_DFL);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setsid();
	if (rq->flags & 1) {
		report[1] = STAGE_TTY;
		if (ioctl(fd_in, TIOCSCTTY, 0) != 0)
			goto fail;
	}
	report[1] = STAGE_FDS;
	if (dup2(fd_in, 0) < 0 || dup2(fd_out, 1) < 0 || dup2(fd_err, 2) < 0)
		goto fail;
	report[1] = STAGE_CHDIR;
	if (chdir(rq->cwd) != 0)
		goto fail;
	report[1] = STAGE_RLIMIT;
	for (int i = 0; i < rq->nlimits; i++) {
		struct rlimit rl = { rq->limits[i].soft, rq->limits[i].hard };
		report[2] = rq->limits[i].resource;
		if (setrlimit(rq->limits[i].resource, &rl) != 0)
			goto fail;
	}
	report[1] = STAGE_EXEC;
	exec_in_path(rq->argv, rq->env);
fail:
	report[0] = errno;
	if (write(errfd, report, sizeof report) < 0)
		_exit(127);
	_exit(127);
}

/* A new pseudo-terminal: master non-blocking for us, slave for the child. */
static int open_pty(int *master, int *slave, const struct start_req *rq)
{
	*master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
	if (*master < 0 || unlockpt(*master) != 0)
		return -1;
	*slave = ioctl(*master, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (*slave < 0) {   /* kernels before 4.13 */
		char name[64];
		if (ptsname_r(*master, name, sizeof name) != 0)
			return -1;
		*slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
		if (*slave < 0)
			return -1;
	}
	struct winsize ws = { .ws_row = rq->rows, .ws_col = rq->cols };
	return ioctl(*master, TIOCSWINSZ, &ws);
}

/* pipe[0] is the read end. Ours is non-blocking; the child's end stays as a program expects it. */
static int make_pipe(int fds[2], int ours)
{
	if (pipe2(fds, O_CLOEXEC) != 0)
		return -1;
	return fcntl(fds[ours], F_SETFL, O_NONBLOCK);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static int prepare_dir(uint64_t id, int logfd[2])
{
	char path[96];
	snprintf(path, sizeof path, "programs/%llu", (unsigned long long)id);
	if (mkdirat(g_statefd, "programs", 0700) != 0 && errno != EEXIST)
		return -1;
	if (mkdirat(g_statefd, path, 0700) != 0 && errno != EEXIST)
		return -1;
	/* a state directory reused from an earlier supervisor may hold this id's files */
	snprintf(path, sizeof path, "programs/%llu/exit", (unsigned long long)id);
	unlinkat(g_statefd, path, 0);
	for (int s = 0; s < 2; s++) {
		snprintf(path, sizeof path, "programs/%llu/%s", (unsigned long long)id, log_names[s]);
		logfd[s] = openat(g_statefd, path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0600);
		if (logfd[s] < 0)
			return -1;
	}
	return 0;
}

static void remove_dir(uint64_t id)
{
	char path[96];
	for (int s = 0; s < 2; s++) {
		snprintf(path, sizeof path, "programs/%llu/%s", (unsigned long long)id, log_names[s]);
		unlinkat(g_statefd, path, 0);
	}
	snprintf(path, sizeof path, "programs/%llu", (unsigned long long)id);
	unlinkat(g_statefd, path, AT_REMOVEDIR);
}

static const char *stage_text(int stage)
{
	switch (stage) {
	case STAGE_TTY: return "controlling terminal";
	case STAGE_FDS: return "standard fds";
	case STAGE_CHDIR: return "chdir";
	case STAGE_RLIMIT: return "setrlimit";
	default: return "execve";
	}
}

static char **copy_strs(char **v)
{
	size_t n = 0;
	while (v[n])
		n++;
	char **c = calloc(n + 1, sizeof *c);
	for (size_t i = 0; c && i < n; i++)
		c[i] = strdup(v[i]);
	return c;
}

int prog_start(const struct start_req *rq, struct conn *chan, struct program **out, char *msg, size_t msgsize)
{
	int pty = rq->flags & 1;
	if (rq->flags & ~1u || rq->in_mode > 1 || rq->out_mode > 2 || rq->err_mode > 3
	    || (pty && (rq->in_mode != 1 || rq->out_mode == MODE_NULL)) || !rq->argv[0]) {
		snprintf(msg, msgsize, "invalid START: flags, modes or argv");
		return EINVAL;
	}
	if (g_shutting_down) {
		snprintf(msg, msgsize, "the supervisor is shutting down");
		return ESHUTDOWN;
	}
	uint64_t id = nprogs + 1;
	/* [0] and [1]: a pipe's read and write end; the child gets c_*, we keep p_* */
	int logfd[2] = { -1, -1 }, in[2] = { -1, -1 }, o[2] = { -1, -1 }, e[2] = { -1, -1 }, ep[2] = { -1, -1 };
	int c_in = g_devnull, c_out = g_devnull, c_err = g_devnull, p_in = -1, p_out = -1, p_err = -1;
	int err = 0;
	const char *what = "state directory";
	if (prepare_dir(id, logfd) != 0)
		goto fail;
	what = pty ? "pseudo-terminal" : "pipe";
	if (pty) {
		if (open_pty(&p_out, &in[0], rq) != 0)
			goto fail;
		c_in = c_out = c_err = in[0];
		p_in = fcntl(p_out, F_DUPFD_CLOEXEC, 3);   /* its own watch for writing */
		if (p_in < 0)
			goto fail;
	} else {
		if (rq->in_mode == 1) {
			if (make_pipe(in, 1) != 0)
				goto fail;
			c_in = in[0];
			p_in = in[1];
		}
		if (rq->out_mode != MODE_NULL) {
			if (make_pipe(o, 0) != 0)
				goto fail;
			c_out = o[1];
			p_out = o[0];
		}
		if (rq->err_mode == MODE_WITH_STDOUT) {
			c_err = c_out;
		} else if (rq->err_mode != MODE_NULL) {
			if (make_pipe(e, 0) != 0)
				goto fail;
			c_err = e[1];
			p_err = e[0];
		}
	}
	if (pipe2(ep, O_CLOEXEC) != 0)
		goto fail;
	what = "fork";
	pid_t pid = fork();
	if (pid < 0)
		goto fail;
	if (pid == 0)
		child(rq, c_in, c_out, c_err, ep[1]);
	close_fd(&ep[1]);
	close_fd(&in[0]);   /* the child's stdin end, or the PTY slave */
	close_fd(&o[1]);
	close_fd(&e[1]);

	/* the child execs (EOF) or reports why it could not; it does either at once */
	int report[3];
	ssize_t n;
	do
		n = read(ep[0], report, sizeof report);
	while (n < 0 && errno == EINTR);
	close_fd(&ep[0]);
	if (n == (ssize_t)sizeof report) {
		waitpid(pid, NULL, 0);
		err = report[0];
		if (report[1] == STAGE_CHDIR)
			snprintf(msg, msgsize, "chdir %s: %s", rq->cwd, strerror(err));
		else if (report[1] == STAGE_EXEC)
			snprintf(msg, msgsize, "execute %s: %s", rq->argv[0], strerror(err));
		else if (report[1] == STAGE_RLIMIT)
			snprintf(msg, msgsize, "setrlimit %d: %s", report[2], strerror(err));
		else
			snprintf(msg, msgsize, "%s: %s", stage_text(report[1]), strerror(err));
		goto cleanup;
	}

	struct program *p = calloc(1, sizeof *p);
	if (nprogs == capprogs) {
		capprogs = capprogs ? capprogs * 2 : 16;
		progs = realloc(progs, capprogs * sizeof *progs);
	}
	if (!p || !progs) {
		fputs("shellbox-supervisor: out of memory\n", stderr);
		abort();
	}
	progs[nprogs++] = p;
	p->id = id;
	p->pid = pid;
	p->running = 1;
	p->pty = pty;
	p->started_ms = wall_ms();
	p->argv = copy_strs(rq->argv);
	p->chan = chan;
	p->in = (struct watch){ W_STDIN, p_in, 0, p, 0 };
	int modes[2] = { rq->out_mode, pty || rq->err_mode == MODE_WITH_STDOUT ? MODE_NULL : rq->err_mode };
	int fds[2] = { p_out, p_err };
	for (int s = 0; s < 2; s++) {
		struct output *op = &p->out[s];
		op->w = (struct watch){ W_OUT, fds[s], 0, p, s };
		op->mode = modes[s];
		op->credit = rq->window;
		op->logfd = logfd[s];
		logfd[s] = -1;
		if (op->mode == MODE_NULL)
			close_fd(&op->logfd);
	}
	prog_update(p);
	*out = p;
	return 0;

fail:
	err = errno;
	snprintf(msg, msgsize, "%s: %s", what, strerror(err));
	if (err == 0)
		err = EIO;
cleanup:
	close_fd(&logfd[0]);
	close_fd(&logfd[1]);
	close_fd(&in[0]);
	close_fd(&in[1]);
	close_fd(&o[0]);
	close_fd(&o[1]);
	close_fd(&e[0]);
	close_fd(&e[1]);
	close_fd(&ep[0]);
	close_fd(&ep[1]);
	if (pty) {
		close_fd(&p_out);
		close_fd(&p_in);
	}
	remove_dir(id);
	return err;
}

/* ---- input ---- */

static void grant_stdin(struct program *p, size_t n)
{
	p->in_unacked -= (uint32_t)n;
	struct conn *c = p->chan;
	if (n == 0 || !conn_usable(c))
		return;
	size_t f = frame_begin(&c->out, T_STDIN_CREDIT);
	put_u32(&c->out, (uint32_t)n);
	frame_end(&c->out, f);
	conn_flush(c);
}

/* The reader is gone (EPIPE, or EIO from a hung-up terminal): what comes later is discarded. */
static void stdin_gone(struct program *p)
{
	watch_close(&p->in);
	p->in_eof_pending = 0;
	size_t n = buf_used(&p->inbuf);
	buf_free(&p->inbuf);
	grant_stdin(p, n);
}

static void write_stdin(struct program *p)
{
	size_t written = 0;
	while (p->in.fd >= 0 && buf_used(&p->inbuf)) {
		ssize_t n = write(p->in.fd, p->inbuf.data + p->inbuf.off, buf_used(&p->inbuf));
		if (n > 0) {
			buf_consume(&p->inbuf, (size_t)n);
			written += (size_t)n;
		} else if (n < 0 && errno == EAGAIN) {
			break;
		} else if (!(n < 0 && errno == EINTR)) {
			stdin_gone(p);
		}
	}
	if (p->in.fd >= 0 && !buf_used(&p->inbuf) && p->in_eof_pending) {
		if (p->pty) {
			/* a terminal cannot be half closed: type its end-of-file character, as a user would */
			struct termios t;
			char eof = tcgetattr(p->in.fd, &t) == 0 ? (char)t.c_cc[VEOF] : 4;
			ssize_t n = write(p->in.fd, &eof, 1);
			if (n == 1 || !(n < 0 && (errno == EAGAIN || errno == EINTR)))
				watch_close(&p->in);
		} else {
			watch_close(&p->in);
		}
		if (p->in.fd < 0)
			p->in_eof_pending = 0;
	}
	grant_stdin(p, written);
	prog_update(p);
}

int prog_stdin(struct program *p, const uint8_t *data, size_t n)
{
	if (n > STDIN_WINDOW - p->in_unacked)
		return -1;
	p->in_unacked += (uint32_t)n;
	if (p->in.fd < 0 || p->in_eof_pending) {   /* closed: discard, but keep the window open */
		grant_stdin(p, n);
		return 0;
	}
	buf_append(&p->inbuf, data, n);
	write_stdin(p);
	return 0;
}

void prog_stdin_close(struct program *p)
{
	if (p->in.fd < 0 || p->in_eof_pending)
		return;
	p->in_eof_pending = 1;
	write_stdin(p);
}

/* ---- output ---- */

static void channel_maybe_done(struct program *p)
{
	struct conn *c = p->chan;
	if (!c || p->running)
		return;
	for (int s = 0; s < 2; s++)
		if (p->out[s].mode == MODE_STREAM && !p->out[s].end_sent && conn_usable(c))
			return;
	p->chan = NULL;
	c->chan = NULL;
	conn_close_after_flush(c);
	if (p->in.fd >= 0)
		stdin_gone(p);
}

static void send_output_end(struct program *p, int s)
{
	struct output *o = &p->out[s];
	if (o->mode != MODE_STREAM || o->end_sent || !conn_usable(p->chan))
		return;
	o->end_sent = 1;
	size_t f = frame_begin(&p->chan->out, T_OUTPUT_END);
	put_u8(&p->chan->out, (uint8_t)(s + 1));
	frame_end(&p->chan->out, f);
	conn_flush(p->chan);
}

static void output_closed(struct program *p, int s)
{
	struct output *o = &p->out[s];
	watch_close(&o->w);
	close_fd(&o->logfd);
	send_output_end(p, s);
	if (p->pty && p->in.fd >= 0)   /* the terminal is gone, and its input with it */
		stdin_gone(p);
	conns_program_changed(p);
	channel_maybe_done(p);
}

static void append_log(struct program *p, int s, const uint8_t *data, size_t n)
{
	struct output *o = &p->out[s];
	while (n > 0) {
		ssize_t w = o->logfd >= 0 ? write(o->logfd, data, n) : -1;
		if (w > 0) {
			o->logsize += (uint64_t)w;
			data += w;
			n -= (size_t)w;
		} else if (!(w < 0 && errno == EINTR)) {
			p->dropped += n;   /* a full disk loses output; it never stalls the program */
			break;
		}
	}
	conns_program_changed(p);
}

/* One read per event: level-triggered epoll brings us back, and other fds get their turn. */
static void read_output(struct program *p, int s)
{
	struct output *o = &p->out[s];
	ssize_t n;
	if (streaming(p, o)) {
		struct conn *c = p->chan;
		if (o->credit == 0 || buf_used(&c->out) >= OUT_HIGH) {
			prog_update(p);
			return;
		}
		size_t want = o->credit < CHUNK ? (size_t)o->credit : CHUNK;
		uint8_t *frame = buf_space(&c->out, 6 + want);
		n = read(o->w.fd, frame + 6, want);
		if (n > 0) {
			size_t start = frame_begin(&c->out, T_OUTPUT);   /* writes the header over frame[0..5) */
			put_u8(&c->out, (uint8_t)(s + 1));
			c->out.len += (size_t)n;
			frame_end(&c->out, start);
			o->credit -= (uint64_t)n;
			conn_flush(c);
		}
	} else {
		n = read(o->w.fd, scratch, sizeof scratch);
		if (n > 0)
			append_log(p, s, scratch, (size_t)n);
	}
	/* EIO: a PTY master whose slave side is all closed */
	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
		output_closed(p, s);
	prog_update(p);
}

void prog_credit(struct program *p, int s, uint32_t n)
{
	p->out[s].credit += n;
	prog_update(p);
}

void prog_drop_output(struct program *p, int s)
{
	struct output *o = &p->out[s];
	if (o->mode != MODE_STREAM || o->w.fd < 0)
		return;
	/* for a PTY, closing the master hangs the terminal up: SIGHUP, and EIO instead of EPIPE */
	output_closed(p, s);
	prog_update(p);
}

void prog_detach(struct program *p)
{
	p->chan = NULL;
	if (p->in.fd >= 0 && !p->in_eof_pending) {
		p->in_eof_pending = 1;
		write_stdin(p);
	}
	prog_update(p);
}

void prog_event(struct watch *w, uint32_t events)
{
	struct program *p = w->obj;
	(void)events;
	if (w->fd < 0)
		return;
	if (w->kind == W_STDIN)
		write_stdin(p);
	else
		read_output(p, w->stream);
}

/* ---- control ---- */

int prog_signal(struct program *p, int sig, int scope)
{
	if (!p->running)
		return ESRCH;
	if (sig < 0 || sig >= NSIG || scope > 1)
		return EINVAL;
	if (scope == 1)
		return kill(p->pid, sig) == 0 ? 0 : errno;
	signal_sessions(sig, &p->pid, 1, 0);
	return 0;
}

int prog_resize(struct program *p, uint16_t rows, uint16_t cols)
{
	if (!p->running)
		return ESRCH;
	if (!p->pty)
		return ENOTTY;
	int fd = p->out[0].w.fd >= 0 ? p->out[0].w.fd : p->in.fd;
	struct winsize ws = { .ws_row = rows, .ws_col = cols };
	if (fd < 0)
		return EIO;   /* hung up */
	return ioctl(fd, TIOCSWINSZ, &ws) == 0 ? 0 : errno;
}

int prog_any_running(void)
{
	for (uint64_t i = 0; i < nprogs; i++)
		if (progs[i]->running)
			return 1;
	return 0;
}

void prog_signal_all(int sig, int everything)
{
	pid_t *sids = calloc(nprogs + 1, sizeof *sids);
	size_t n = 0;
	for (uint64_t i = 0; sids && i < nprogs; i++)
		if (everything || progs[i]->running)
			sids[n++] = progs[i]->pid;
	if (sids)
		signal_sessions(sig, sids, n, everything);
	free(sids);
}

/* ---- ending ---- */

static void write_exit_record(const struct program *p)
{
	char tmp[96], path[96], line[96];
	snprintf(tmp, sizeof tmp, "programs/%llu/exit.tmp", (unsigned long long)p->id);
	snprintf(path, sizeof path, "programs/%llu/exit", (unsigned long long)p->id);
	int n = snprintf(line, sizeof line, "%d %d %llu\n", p->status, p->signal, (unsigned long long)p->ended_ms);
	int fd = openat(g_statefd, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, line, (size_t)n) != n || close(fd) != 0 || renameat(g_statefd, tmp, g_statefd, path) != 0)
		sup_log("exit record of program %llu: %s", (unsigned long long)p->id, strerror(errno));
}

void prog_reap(void)
{
	for (;;) {
		int st;
		pid_t pid = waitpid(-1, &st, WNOHANG);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid <= 0)
			return;
		struct program *p = NULL;
		for (uint64_t i = 0; i < nprogs && !p; i++)
			if (progs[i]->running && progs[i]->pid == pid)
				p = progs[i];
		if (!p)
			continue;   /* an orphan re-parented to us */
		p->running = 0;
		p->signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
		p->status = WIFSIGNALED(st) ? 128 + p->signal : WEXITSTATUS(st);
		p->ended_ms = wall_ms();
		write_exit_record(p);
		if (conn_usable(p->chan))
			conn_send_exited(p->chan, p);
		conns_program_changed(p);
		channel_maybe_done(p);
	}
}
