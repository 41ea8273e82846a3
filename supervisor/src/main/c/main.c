/*
 * shellbox-supervisor: the first process of a sandbox's container. It starts programs on request of
 * sandbox-service and outlives it; see docs/supervisor-protocol.md (version 1).
 *
 * main.c: arguments, the secret, the listening socket, signals (through a signalfd, so they are just
 * more events) and the epoll loop, including the shutdown sequence; and the launcher stage (--prepare) that
 * makes the state directory and the socket on the host and hands them to a supervisor in a container.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "conn.h"
#include "egress.h"
#include "programs.h"
#include "sup.h"

int g_statefd = -1, g_devnull = -1, g_shutting_down;
uint8_t g_secret[4096];
size_t g_secret_len;
uint64_t g_instance, g_started_ms;

static int epfd;
static const char *socket_path;
static int shutdown_phase;   /* 1: programs got SIGTERM; 2: everything got SIGKILL */
static uint64_t shutdown_deadline;

void sup_log(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("shellbox-supervisor: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static void die(const char *what)
{
	sup_log("%s: %s", what, strerror(errno));
	exit(1);
}

static uint64_t clock_ms(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

uint64_t wall_ms(void) { return clock_ms(CLOCK_REALTIME); }
uint64_t mono_ms(void) { return clock_ms(CLOCK_MONOTONIC); }

void watch_set(struct watch *w, uint32_t events)
{
	if (w->fd < 0 || events == w->events)
		return;
	struct epoll_event ev = { .events = events, .data.ptr = w };
	int op = events == 0 ? EPOLL_CTL_DEL : w->events == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
	if (epoll_ctl(epfd, op, w->fd, &ev) != 0)
		sup_log("epoll_ctl: %s", strerror(errno));
	w->events = events;
}

void watch_close(struct watch *w)
{
	if (w->fd < 0)
		return;
	/* explicitly: a PTY master's dup keeps the file, and so the registration, alive */
	watch_set(w, 0);
	close(w->fd);
	w->fd = -1;
}

static void read_secret(void)
{
	size_t n = 0;
	uint8_t buf[sizeof g_secret];
	for (;;) {
		ssize_t r = read(0, buf + n, sizeof buf - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die("reading the secret from standard input");
		if (r == 0)
			break;
		n += (size_t)r;
		if (n == sizeof buf) {
			sup_log("the secret is longer than %zu bytes", sizeof buf - 1);
			exit(1);
		}
	}
	size_t start = 0;
	while (start < n && isspace(buf[start]))
		start++;
	while (n > start && isspace(buf[n - 1]))
		n--;
	if (n - start < 16) {
		sup_log("the secret on standard input must have at least 16 bytes");
		exit(1);
	}
	g_secret_len = n - start;
	memcpy(g_secret, buf + start, g_secret_len);
	memset(buf, 0, sizeof buf);
	if (dup2(g_devnull, 0) < 0)
		die("reopening standard input on /dev/null");
}

/* A unix stream socket bound at path (an old socket file there is replaced); not listening yet. */
static int bind_unix(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof sa.sun_path) {
		sup_log("socket path too long: %s", path);
		exit(1);
	}
	strcpy(sa.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		die("socket");
	struct stat st;
	if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode) && unlink(path) != 0)
		die(path);
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0)
		die(path);
	return fd;
}

/* The state directory, created if missing. */
static int open_state(const char *dir)
{
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		die(dir);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		die(dir);
	return fd;
}

/* Marks every fd from lowest on close-on-exec: nothing we were handed reaches a program. */
static void cloexec_from(int lowest)
{
	if (close_range((unsigned)lowest, ~0U, CLOSE_RANGE_CLOEXEC) == 0)
		return;
	DIR *d = opendir("/proc/self/fd");   /* kernels before 5.11 */
	if (!d)
		die("/proc/self/fd");
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		int fd = atoi(e->d_name);
		if (fd >= lowest && fd != dirfd(d))
			fcntl(fd, F_SETFD, FD_CLOEXEC);
	}
	closedir(d);
}

/* fd moved to exactly target, inherited by what we execute. */
static void hand_on(int fd, int target)
{
	if (dup2(fd, target) != target)
		die("dup2");
	close(fd);
}

/*
 * The launcher stage, on the host: makes the state directory and the socket there, where programs will never
 * see them, and hands them to command (which ends with the supervisor in its container) as fds STATE_FD and
 * SOCKET_FD. The socket is bound, not listening: connecting is refused until the supervisor is ready.
 */
static void prepare_and_exec(const char *state, const char *path, char **command)
{
	int statefd = fcntl(open_state(state), F_DUPFD_CLOEXEC, 10);
	int sockfd = fcntl(bind_unix(path), F_DUPFD_CLOEXEC, 10);
	if (statefd < 0 || sockfd < 0)
		die("fcntl");
	cloexec_from(3);
	hand_on(statefd, STATE_FD);
	hand_on(sockfd, SOCKET_FD);
	execvp(command[0], command);
	die(command[0]);
}

/* An fd handed to us: what it must be, and close-on-exec. */
static int take_fd(const char *text, int directory)
{
	char *end;
	long fd = strtol(text, &end, 10);
	struct stat st;
	if (*end || fd < 3 || fd > 1023 || fstat((int)fd, &st) != 0) {
		sup_log("not an open fd: %s", text);
		exit(1);
	}
	int type = 0, domain = 0;
	socklen_t len = sizeof type;
	if (directory ? !S_ISDIR(st.st_mode)
		      : getsockopt((int)fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_STREAM
			|| getsockopt((int)fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) != 0 || domain != AF_UNIX) {
		sup_log("fd %ld is not %s", fd, directory ? "a directory" : "a unix stream socket");
		exit(1);
	}
	if (fcntl((int)fd, F_SETFD, FD_CLOEXEC) != 0 || (!directory && fcntl((int)fd, F_SETFL, O_NONBLOCK) != 0))
		die("fcntl");
	return (int)fd;
}

static int listen_tcp(const char *port_text)
{
	char *end;
	long port = strtol(port_text, &end, 10);
	if (*end || port <= 0 || port > 65535) {
		sup_log("bad port: %s", port_text);
		exit(1);
	}
	int one = 1, zero = 0;
	/* one IPv6 socket takes IPv4 too; without IPv6 in the kernel, fall back to IPv4 alone */
	int fd = socket(AF_INET6, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd >= 0) {
		struct sockaddr_in6 sa = { .sin6_family = AF_INET6, .sin6_port = htons((uint16_t)port), .sin6_addr = in6addr_any };
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
		if (bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0)
			return fd;
		close(fd);
	}
	fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port), .sin_addr.s_addr = htonl(INADDR_ANY) };
	if (fd < 0)
		die("socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0)
		die("bind");
	return fd;
}

static void write_pid_file(void)
{
	char text[32];
	int n = snprintf(text, sizeof text, "%d\n", (int)getpid());
	int fd = openat(g_statefd, "supervisor.pid.tmp", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, text, (size_t)n) != n || close(fd) != 0
	    || renameat(g_statefd, "supervisor.pid.tmp", g_statefd, "supervisor.pid") != 0)
		die("writing supervisor.pid");
}

void begin_shutdown(uint32_t grace_ms)
{
	if (shutdown_phase)
		return;
	g_shutting_down = 1;
	shutdown_phase = 1;
	shutdown_deadline = mono_ms() + grace_ms;
	prog_signal_all(SIGTERM, 0);
}

static void finish(void)
{
	conns_flush_all();
	if (socket_path)
		unlink(socket_path);
	exit(0);
}

/* Moves the shutdown along; returns the epoll timeout until its next step. */
static int shutdown_step(void)
{
	if (!shutdown_phase)
		return -1;
	uint64_t now = mono_ms();
	if (shutdown_phase == 1 && (now >= shutdown_deadline || !prog_any_running())) {
		/* also what programs left behind, and orphans re-parented to us */
		prog_signal_all(SIGKILL, 1);
		shutdown_phase = 2;
		shutdown_deadline = now + 1000;   /* to reap them, so exit records get written */
	}
	if (shutdown_phase == 2 && (now >= shutdown_deadline || !prog_any_running()))
		finish();
	return shutdown_deadline - now < 60000 ? (int)(shutdown_deadline - now) : 60000;
}

static void read_signals(struct watch *w)
{
	struct signalfd_siginfo si;
	while (read(w->fd, &si, sizeof si) == (ssize_t)sizeof si) {
		if (si.ssi_signo == SIGCHLD)
			prog_reap();
		else if (si.ssi_signo == SIGTERM && !(getpid() == 1 && si.ssi_pid != 0))
			/* as the first process of its pid namespace, every other process there is a program, and a program
			 * may not end its sandbox's supervisor; a SIGTERM from outside the namespace has sender pid 0 */
			begin_shutdown(2000);
	}
}

static void usage(void)
{
	fputs("usage: shellbox-supervisor --state DIR (--socket PATH | --listen tcp:PORT) [--egress-expiry-ms N]\n"
	      "       shellbox-supervisor --state-fd N --socket-fd N [--egress-expiry-ms N]\n"
	      "       shellbox-supervisor --prepare --state DIR --socket PATH -- COMMAND...\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *state = NULL, *tcp = NULL, *state_fd = NULL, *socket_fd = NULL, *expiry = NULL;
	int prepare = 0;
	char **command = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--prepare") == 0) {
			prepare = 1;
			continue;
		}
		if (prepare && strcmp(argv[i], "--") == 0 && i + 1 < argc) {
			command = argv + i + 1;
			break;
		}
		if (i + 1 >= argc)
			usage();
		if (strcmp(argv[i], "--state") == 0)
			state = argv[++i];
		else if (strcmp(argv[i], "--socket") == 0)
			socket_path = argv[++i];
		else if (strcmp(argv[i], "--listen") == 0 && strncmp(argv[i + 1], "tcp:", 4) == 0)
			tcp = argv[++i] + 4;
		else if (strcmp(argv[i], "--state-fd") == 0)
			state_fd = argv[++i];
		else if (strcmp(argv[i], "--socket-fd") == 0)
			socket_fd = argv[++i];
		else if (strcmp(argv[i], "--egress-expiry-ms") == 0)
			expiry = argv[++i];
		else
			usage();
	}
	if (prepare) {
		if (!state || !socket_path || !command || tcp || state_fd || socket_fd)
			usage();
		prepare_and_exec(state, socket_path, command);
	}
	if (!state == !state_fd || (socket_path != NULL) + (tcp != NULL) + (socket_fd != NULL) != 1)
		usage();
	if (expiry) {
		char *end;
		unsigned long long ms = strtoull(expiry, &end, 10);
		if (*end || ms == 0 || ms > 3600000)
			usage();
		g_egress_expiry_ms = ms;
	}

	/* what we were handed, the two fds of a launcher's included, must not reach programs */
	cloexec_from(3);
	if (state_fd)
		g_statefd = take_fd(state_fd, 1);
	int listenfd = socket_fd ? take_fd(socket_fd, 0) : -1;
	/* 0, 1 and 2 must be taken, so that no later fd (a program's pipe) lands on them */
	do
		g_devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
	while (g_devnull >= 0 && g_devnull <= 2);
	if (g_devnull < 0)
		die("/dev/null");
	read_secret();
	prctl(PR_SET_DUMPABLE, 0);
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
		die("PR_SET_CHILD_SUBREAPER");
	if (getrandom(&g_instance, sizeof g_instance, 0) != (ssize_t)sizeof g_instance)
		die("getrandom");
	g_started_ms = wall_ms();
	if (state)
		g_statefd = open_state(state);

	sigset_t sigs;
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGCHLD);
	sigaddset(&sigs, SIGTERM);
	sigprocmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);   /* a vanished client is an error return, not a death */
	epfd = epoll_create1(EPOLL_CLOEXEC);
	if (epfd < 0)
		die("epoll_create1");
	struct watch sigw = { W_SIGNALS, signalfd(-1, &sigs, SFD_NONBLOCK | SFD_CLOEXEC), 0, NULL, 0 };
	if (sigw.fd < 0)
		die("signalfd");
	watch_set(&sigw, EPOLLIN);

	if (listenfd < 0)
		listenfd = tcp ? listen_tcp(tcp) : bind_unix(socket_path);
	struct watch lw = { W_LISTEN, listenfd, 0, NULL, 0 };
	if (listen(lw.fd, 64) != 0)
		die("listen");
	watch_set(&lw, EPOLLIN);
	write_pid_file();
	fputs("ready\n", stdout);
	fflush(stdout);

	for (;;) {
		struct epoll_event evs[64];
		int t = shutdown_step(), e = egress_step();
		int n = epoll_wait(epfd, evs, 64, t < 0 || (e >= 0 && e < t) ? e : t);
		if (n < 0 && errno != EINTR)
			die("epoll_wait");
		for (int i = 0; i < n; i++) {
			struct watch *w = evs[i].data.ptr;
			switch (w->kind) {
			case W_LISTEN: conn_accept(w->fd); break;
			case W_SIGNALS: read_signals(w); break;
			case W_CONN: conn_event(w->obj, evs[i].events); break;
			case W_STDIN:
			case W_OUT: prog_event(w, evs[i].events); break;
			case W_EGRESS_TCP:
			case W_EGRESS_DNS:
			case W_RELAY: egress_event(w, evs[i].events); break;
			}
		}
		conns_housekeeping();
	}
}
