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
static const char *const stage_names[] = { "controlling terminal", "standard fds", "chdir", "setrlimit", "execute" };

/* In the forked child: never returns. Failures go to errfd as {errno, stage, detail}. */
static void child(const struct start_req *rq, const int fds[3], int errfd)
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
		if (ioctl(fds[0], TIOCSCTTY, 0) != 0)
			goto fail;
	}
	report[1] = STAGE_FDS;
	for (int i = 0; i < 3; i++)
		if (dup2(fds[i], i) < 0)
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
	/* an earlier supervisor, or a failed START, may have left this id's files */
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

/* Closes the child's ends of its standard fds (stderr may share stdout's, a PTY slave is all three). */
static void close_child_ends(int fds[3])
{
	for (int i = 0; i < 3; i++)
		if (fds[i] != g_devnull && (i == 0 || fds[i] != fds[i - 1]))
			close(fds[i]);
	fds[0] = fds[1] = fds[2] = g_devnull;
}

int prog_start(struct start_req *rq, struct conn *chan, struct program **out, char *msg, size_t msgsize)
{
	int pty = rq->flags & 1, modes[3] = { rq->in_mode, rq->out_mode, rq->err_mode };
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
	/* per standard fd, the child's end and ours (-1: none); only ours is non-blocking */
	int child_fds[3] = { g_devnull, g_devnull, g_devnull }, our_fds[3] = { -1, -1, -1 };
	int logfd[2] = { -1, -1 }, ep[2] = { -1, -1 }, err = 0;
	const char *what = "state directory";
	if (prepare_dir(id, logfd) != 0)
		goto fail;
	what = pty ? "pseudo-terminal" : "pipe";
	if (pty) {
		if (open_pty(&our_fds[1], &child_fds[0], rq) != 0)
			goto fail;
		child_fds[1] = child_fds[2] = child_fds[0];
		our_fds[0] = fcntl(our_fds[1], F_DUPFD_CLOEXEC, 3);   /* its own watch for writing */
		if (our_fds[0] < 0)
			goto fail;
	} else {
		for (int i = 0; i < 3; i++) {
			int pfd[2];
			if (i == 2 && modes[2] == MODE_WITH_STDOUT)
				child_fds[2] = child_fds[1];
			if (modes[i] == MODE_NULL || modes[i] == MODE_WITH_STDOUT)
				continue;
			if (pipe2(pfd, O_CLOEXEC) != 0)
				goto fail;
			child_fds[i] = pfd[i == 0 ? 0 : 1];
			our_fds[i] = pfd[i == 0 ? 1 : 0];
			if (fcntl(our_fds[i], F_SETFL, O_NONBLOCK) != 0)
				goto fail;
		}
	}
	if (pipe2(ep, O_CLOEXEC) != 0)
		goto fail;
	what = "fork";
	pid_t pid = fork();
	if (pid < 0)
		goto fail;
	if (pid == 0)
		child(rq, child_fds, ep[1]);
	close_fd(&ep[1]);
	close_child_ends(child_fds);

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
		char number[16];
		snprintf(number, sizeof number, "%d", report[2]);
		const char *subject = report[1] == STAGE_CHDIR ? rq->cwd : report[1] == STAGE_EXEC ? rq->argv[0]
			: report[1] == STAGE_RLIMIT ? number : "";
		snprintf(msg, msgsize, "%s%s%s: %s", stage_names[report[1]], *subject ? " " : "", subject, strerror(err));
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
	p->argv = rq->argv;   /* ours now, for LIST */
	rq->argv = NULL;
	p->chan = chan;
	p->in = (struct watch){ W_STDIN, our_fds[0], 0, p, 0 };
	if (pty || modes[2] == MODE_WITH_STDOUT)
		modes[2] = MODE_NULL;   /* no stream 2 of its own */
	for (int s = 0; s < 2; s++) {
		struct output *op = &p->out[s];
		op->w = (struct watch){ W_OUT, our_fds[s + 1], 0, p, s };
		op->mode = modes[s + 1];
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
	close_fd(&ep[0]);
	close_fd(&ep[1]);
	close_child_ends(child_fds);
	for (int i = 0; i < 3; i++)
		close_fd(&our_fds[i]);
	return err;   /* programs/ID stays, empty: the next START takes the id and its files over */
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
	if (sig < 0 || sig >= NSIG || scope > 1)
		return EINVAL;
	if (!p->running)   /* its own process was reaped; what is left of its session may run on */
		return scope == 0 && signal_ended_session(sig, p->pid) > 0 ? 0 : ESRCH;
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
