package dev.shellbox.shell.commands.net;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.OptionParser.Arg;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.data.LocalZone;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * wget: download URLs over HTTP or HTTPS, through the sandbox's network seam, with GNU Wget's file naming, messages
 * and exit statuses. No progress indicator is printed (GNU prints dots when stderr is not a terminal).
 */
public final class WgetCommand implements Command {
    static final String USER_AGENT = "Wget/1.21.4";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private static final OptionParser OPTIONS = OptionParser.of("qO:P:St:T:U:vd")
            .longOption("quiet", 'q')
            .longOption("output-document", 'O')
            .longOption("directory-prefix", 'P')
            .longOption("server-response", 'S')
            .longOption("tries", 't')
            .longOption("timeout", 'T')
            .longOption("user-agent", 'U')
            .longOption("verbose", 'v')
            .longOption("debug", 'd')
            .longOption("header", Arg.REQUIRED)
            .longOption("post-data", Arg.REQUIRED)
            .longOption("post-file", Arg.REQUIRED)
            .longOption("method", Arg.REQUIRED)
            .longOption("body-data", Arg.REQUIRED)
            .longOption("spider", Arg.NONE)
            .longOption("no-check-certificate", Arg.NONE)
            .longOption("ca-certificate", Arg.REQUIRED)
            .longOption("max-redirect", Arg.REQUIRED)
            .longOption("no-verbose", Arg.NONE)
            .longOption("user", Arg.REQUIRED)
            .longOption("password", Arg.REQUIRED)
            .longOption("content-on-error", Arg.NONE)
            .longOption("no-config", Arg.NONE)
            .longOption("progress", Arg.REQUIRED)
            .longOption("show-progress", Arg.NONE)
            .longOption("no-clobber", Arg.NONE);

    @Override
    public String name() {
        return "wget";
    }

    @Override
    public String help() {
        return """
                Usage: wget [OPTION]... [URL]...
                Download URLs over HTTP or HTTPS, through the sandbox's network policy.
                No progress indicator is printed; -nv and -q print less.

                  -q,  --quiet                  quiet (no output)
                  -v,  --verbose                be verbose (this is the default)
                  -nv, --no-verbose             one line per download and error messages
                  -O,  --output-document=FILE   write documents to FILE ('-' for stdout)
                  -P,  --directory-prefix=DIR   save files to DIR/
                  -nc, --no-clobber             skip downloads of files that already exist
                  -S,  --server-response        print the server response
                       --spider                 don't download anything, check the URL exists
                  -t,  --tries=NUMBER           number of tries (default 20; 0 unlimited)
                  -T,  --timeout=SECONDS        connect and read timeout
                  -U,  --user-agent=AGENT       identify as AGENT
                       --header=STRING          insert STRING among the headers
                       --post-data=STRING       use the POST method; send STRING as the data
                       --post-file=FILE         use the POST method; send contents of FILE
                       --method=HTTPMethod      use method "HTTPMethod" in the request
                       --body-data=STRING       send STRING as data (with --method)
                       --user=USER --password=PASS   HTTP Basic credentials
                       --max-redirect=NUM       maximum redirections allowed per page (default 20)
                       --content-on-error       save the body of error responses
                       --no-check-certificate   don't validate the server's certificate
                       --ca-certificate=FILE    file with the bundle of CAs (PEM)
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        List<String> normalized = new ArrayList<>();
        for (String a : args) {
            // GNU's two-letter short options
            switch (a) {
                case "-nv" -> normalized.add("--no-verbose");
                case "-nc" -> normalized.add("--no-clobber");
                default -> normalized.add(a);
            }
        }
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(normalized);
        } catch (OptionParser.OptionException e) {
            ctx.stderr()
                    .write(Text.encode("wget: " + e.getMessage()
                            + "\nUsage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.\n"));
            return 2;
        }
        if (parsed.operands().isEmpty()) {
            ctx.stderr()
                    .write(
                            Text.encode(
                                    "wget: missing URL\nUsage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.\n"));
            return 1;
        }
        return new Wget(ctx, parsed).run();
    }

    /** One invocation's state. */
    private static final class Wget {
        /** How much wget says: -q, -nv, or the default. */
        private enum Verbosity {
            QUIET,
            BRIEF,
            NORMAL
        }

        private final CommandContext ctx;
        private final ParsedOptions opts;
        private final Verbosity verbosity;
        private final boolean spider;
        private final boolean serverResponse;
        private HttpClient client;
        private OutputStream document;
        private boolean documentIsStdout;

        Wget(CommandContext ctx, ParsedOptions opts) {
            this.ctx = ctx;
            this.opts = opts;
            this.verbosity =
                    opts.has('q') ? Verbosity.QUIET : opts.has("no-verbose") ? Verbosity.BRIEF : Verbosity.NORMAL;
            this.spider = opts.has("spider");
            this.serverResponse = opts.has('S');
        }

        int run() throws IOException {
            int tries = 20;
            int maxRedirect = 20;
            Duration timeout = null;
            try {
                if (opts.value('t') != null) {
                    tries = Integer.parseInt(opts.value('t'));
                }
                if (opts.value('T') != null) {
                    double s = Double.parseDouble(opts.value('T'));
                    timeout = s <= 0 ? null : Duration.ofNanos((long) (s * 1e9));
                }
                if (opts.value("max-redirect") != null) {
                    maxRedirect = Integer.parseInt(opts.value("max-redirect"));
                }
            } catch (NumberFormatException e) {
                ctx.error("invalid number");
                return 2;
            }
            String caFile = opts.value("ca-certificate");
            client = new HttpClient(new HttpClient.Settings(
                    ctx.network(),
                    TlsTrust.loader(ctx, opts.has("no-check-certificate"), caFile),
                    timeout,
                    timeout,
                    0,
                    ctx.cancellation(),
                    HttpClient.Trace.NONE));
            String output = opts.value('O');
            if (output != null && !output.equals("-") && !spider) {
                // as GNU does, the document exists (empty) even when no download succeeds
                try {
                    document = ctx.openOutput(output, WriteMode.TRUNCATE);
                } catch (FsException e) {
                    ctx.fileError(output, e);
                    return 3;
                }
            }
            if (spider && verbosity != Verbosity.QUIET) {
                say("Spider mode enabled. Check if remote file exists.\n");
            }
            int status = 0;
            try {
                for (String url : opts.operands()) {
                    int s = download(url, tries, maxRedirect);
                    if (s != 0 && (status == 0 || s < status)) {
                        status = s;
                    }
                }
            } finally {
                if (document != null && !documentIsStdout) {
                    document.close();
                }
                ctx.stdout().flush();
            }
            return status;
        }

        private void say(String text) throws IOException {
            ctx.stderr().write(Text.encode(text));
            ctx.stderr().flush();
        }

        private void sayNormal(String text) throws IOException {
            if (verbosity == Verbosity.NORMAL) {
                say(text);
            }
        }

        private String now() {
            return STAMP.format(ZonedDateTime.now(ctx.clock()).withZoneSameInstant(LocalZone.of(ctx)));
        }

        private int download(String urlText, int tries, int maxRedirect) throws IOException {
            Url url;
            try {
                url = Url.parse(urlText);
            } catch (NetException e) {
                if (verbosity != Verbosity.QUIET) {
                    say(
                            e.kind() == NetException.Kind.UNSUPPORTED_PROTOCOL
                                    ? urlText + ": Unsupported scheme ‘" + urlText.substring(0, urlText.indexOf(':'))
                                            + "’.\n"
                                    : urlText + ": Invalid URL " + urlText + ": " + e.getMessage() + "\n");
                }
                return 1;
            }
            HttpRequest request;
            try {
                request = request(url);
            } catch (FsException e) {
                if (verbosity != Verbosity.QUIET) {
                    ctx.fileError(opts.value("post-file"), e);
                }
                return 3;
            }
            int redirects = 0;
            int attempt = 1;
            while (true) {
                sayNormal("--" + now() + "--  " + request.url() + "\n");
                sayNormal("Connecting to " + request.url().hostForUrl() + ":"
                        + request.url().port() + "... ");
                HttpExchange exchange;
                try {
                    exchange = client.send(request);
                } catch (NetException e) {
                    int s = reportFailure(e, request.url());
                    if (e.brokenConnection() && (tries == 0 || attempt < tries)) {
                        ctx.cancellation().sleep(Math.min(10, attempt) * 1000L);
                        attempt++;
                        sayNormal("Retrying.\n\n");
                        continue;
                    }
                    return s;
                }
                try (exchange) {
                    ResponseHead head = exchange.head();
                    sayNormal("connected.\n");
                    if (serverResponse && verbosity != Verbosity.QUIET) {
                        sayNormal("HTTP request sent, awaiting response... \n");
                        StringBuilder sb = new StringBuilder("  ")
                                .append(head.statusLine())
                                .append('\n');
                        for (Header h : head.headers()) {
                            sb.append("  ").append(h).append('\n');
                        }
                        say(sb.toString());
                    } else {
                        sayNormal("HTTP request sent, awaiting response... " + head.status() + " " + head.reason()
                                + "\n");
                    }
                    HttpRequest next = request.redirectedBy(head, false);
                    if (next != null) {
                        sayNormal("Location: " + head.header("Location") + " [following]\n");
                        if (redirects >= maxRedirect) {
                            if (verbosity != Verbosity.QUIET) {
                                say(maxRedirect + " redirections exceeded.\n");
                            }
                            return 8;
                        }
                        redirects++;
                        request = next;
                        continue;
                    }
                    if (head.status() >= 400) {
                        return httpError(exchange, request, head);
                    }
                    if (head.status() >= 300 && head.status() < 400 && head.status() != 304) {
                        if (verbosity != Verbosity.QUIET) {
                            say(now() + " ERROR " + head.status() + ": " + head.reason() + ".\n");
                        }
                        return 8;
                    }
                    return save(exchange, request, head, url);
                }
            }
        }

        private int httpError(HttpExchange exchange, HttpRequest request, ResponseHead head) throws IOException {
            if (spider) {
                sayNormal("Remote file does not exist -- broken link!!!\n\n");
            } else if (verbosity == Verbosity.BRIEF) {
                say(request.url() + ":\n" + now() + " ERROR " + head.status() + ": " + head.reason() + ".\n");
            } else if (verbosity == Verbosity.NORMAL) {
                say(now() + " ERROR " + head.status() + ": " + head.reason() + ".\n\n");
            }
            if (opts.has("content-on-error") && !spider) {
                String target = target(request.url());
                if (target != null) {
                    copy(exchange, target);
                }
            }
            return head.status() == 401 || head.status() == 407 ? 6 : 8;
        }

        private int reportFailure(NetException e, Url url) throws IOException {
            int status = switch (e.kind()) {
                case TLS, CERTIFICATE, CA_FILE -> 5;
                case UNSUPPORTED_PROTOCOL, MALFORMED_URL -> 1;
                default -> 4;
            };
            if (verbosity == Verbosity.QUIET) {
                return status;
            }
            switch (e.kind()) {
                case RESOLVE -> {
                    sayNormal("failed: Name or service not known.\n");
                    say("wget: unable to resolve host address ‘" + url.host() + "’\n");
                }
                case CONNECT -> sayNormal("failed: " + connectReason(e) + ".\n");
                case BLOCKED -> {
                    sayNormal("failed: " + e.getMessage() + ".\n");
                    if (verbosity == Verbosity.BRIEF) {
                        say("failed: " + e.getMessage() + ".\n");
                    }
                }
                case TIMEOUT -> sayNormal("failed: Connection timed out.\n");
                case CERTIFICATE -> {
                    sayNormal("connected.\n");
                    say("ERROR: cannot verify " + url.host() + "'s certificate: " + e.getMessage() + "\n"
                            + "To connect to " + url.host() + " insecurely, use `--no-check-certificate'.\n");
                }
                case TLS, CA_FILE -> say("Unable to establish SSL connection: " + e.getMessage() + "\n");
                case EMPTY_REPLY -> {
                    sayNormal("connected.\nHTTP request sent, awaiting response... ");
                    say("No data received.\n");
                }
                default -> {
                    sayNormal("connected.\nHTTP request sent, awaiting response... ");
                    say("Read error (" + e.getMessage() + ") in headers.\n");
                }
            }
            if (verbosity == Verbosity.NORMAL && e.kind() != NetException.Kind.RESOLVE) {
                say("");
            }
            return status;
        }

        private static String connectReason(NetException e) {
            String m = e.getMessage();
            int colon = m.lastIndexOf(": ");
            return colon < 0 ? m : m.substring(colon + 2);
        }

        private HttpRequest request(Url url) throws IOException {
            List<Header> headers = new ArrayList<>();
            headers.add(new Header("User-Agent", opts.value('U') != null ? opts.value('U') : USER_AGENT));
            headers.add(new Header("Accept", "*/*"));
            headers.add(new Header("Accept-Encoding", "identity"));
            String user = opts.value("user");
            if (user == null && url.userInfo() != null) {
                user = Url.percentDecode(url.userInfo());
            }
            if (user != null) {
                String pair = user.contains(":") || opts.value("password") == null
                        ? user
                        : user + ":" + opts.value("password");
                headers.add(new Header(
                        "Authorization",
                        "Basic "
                                + java.util.Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8))));
            }
            List<Header> custom = new ArrayList<>();
            for (String h : opts.values("header")) {
                int colon = h.indexOf(':');
                if (colon > 0) {
                    custom.add(new Header(
                            h.substring(0, colon).strip(),
                            h.substring(colon + 1).strip()));
                }
            }
            headers.removeIf(h -> custom.stream().anyMatch(c -> c.named(h.name())));
            headers.addAll(custom);
            byte[] data = null;
            if (opts.value("post-data") != null) {
                data = opts.value("post-data").getBytes(StandardCharsets.UTF_8);
            } else if (opts.value("body-data") != null) {
                data = opts.value("body-data").getBytes(StandardCharsets.UTF_8);
            } else if (opts.value("post-file") != null) {
                try (InputStream in = ctx.openInput(opts.value("post-file"))) {
                    data = in.readAllBytes();
                }
            }
            String method = spider ? "HEAD" : data != null ? "POST" : "GET";
            if (opts.value("method") != null) {
                method = opts.value("method").toUpperCase(java.util.Locale.ROOT);
            }
            if (data != null && custom.stream().noneMatch(h -> h.named("Content-Type"))) {
                headers.add(new Header("Content-Type", "application/x-www-form-urlencoded"));
            }
            return new HttpRequest(method, url, headers, data == null ? null : RequestBody.of(data));
        }

        /** Where the body goes: the -O document, or a fresh name in the -P directory (null for stdout). */
        private String target(Url url) throws IOException {
            String o = opts.value('O');
            if (o != null) {
                return o.equals("-") ? null : o;
            }
            String name = url.fileName();
            if (name.isEmpty()) {
                name = "index.html";
            }
            name = name.replace('/', '_');
            String prefix = opts.value('P');
            String path = prefix == null ? name : PathNames.join(prefix, name);
            if (ctx.fs().exists(ctx.resolve(path))) {
                if (opts.has("no-clobber")) {
                    return path;
                }
                int n = 1;
                while (ctx.fs().exists(ctx.resolve(path + "." + n))) {
                    n++;
                }
                path = path + "." + n;
            }
            return path;
        }

        private int save(HttpExchange exchange, HttpRequest request, ResponseHead head, Url original)
                throws IOException {
            String length = head.header("Content-Length");
            String type = head.header("Content-Type");
            if (verbosity == Verbosity.NORMAL && head.status() != 304) {
                String len = length == null || head.header("Transfer-Encoding") != null
                        ? "unspecified"
                        : length + humanSuffix(Long.parseLong(length.strip()));
                say("Length: " + len + (type == null ? "" : " [" + type + "]") + "\n");
            }
            if (spider) {
                sayNormal("Remote file exists.\n\n");
                return 0;
            }
            String target = target(request.url());
            if (opts.value('O') == null && opts.has("no-clobber") && ctx.fs().exists(ctx.resolve(target))) {
                if (verbosity != Verbosity.QUIET) {
                    say("File ‘" + target + "’ already there; not retrieving.\n");
                }
                return 0;
            }
            String shown = target == null ? "STDOUT" : target;
            sayNormal(target == null ? "Saving to: ‘STDOUT’\n\n" : "Saving to: ‘" + target + "’\n\n");
            long start = System.nanoTime();
            long n;
            try {
                n = copy(exchange, target);
            } catch (NetException e) {
                if (verbosity != Verbosity.QUIET) {
                    say(now() + " (" + e.getMessage() + ") - Read error at byte " + exchange.bytesReceived()
                            + ". Giving up.\n\n");
                }
                return 4;
            } catch (FsException e) {
                if (verbosity != Verbosity.QUIET) {
                    say(shown + ": " + e.errno().message() + "\n");
                }
                return 3;
            }
            String total = length == null ? Long.toString(n) : n + "/" + length.strip();
            if (verbosity == Verbosity.NORMAL) {
                double seconds = Math.max(1e-6, (System.nanoTime() - start) / 1e9);
                say(now() + " (" + rate(n / seconds) + ") - "
                        + (target == null ? "written to stdout" : "‘" + target + "’ saved") + " [" + total + "]\n\n");
            } else if (verbosity == Verbosity.BRIEF) {
                say(now() + " URL:" + request.url() + " [" + total + "] -> \"" + (target == null ? "-" : target)
                        + "\" [1]\n");
            }
            return 0;
        }

        private long copy(HttpExchange exchange, String target) throws IOException {
            OutputStream out;
            if (target == null) {
                out = ctx.stdout();
            } else if (opts.value('O') != null) {
                if (document == null) {
                    document = ctx.openOutput(target, WriteMode.TRUNCATE);
                }
                out = document;
            } else {
                Directories.create(ctx, PathNames.parent(ctx.resolve(target)));
                out = ctx.openOutput(target, WriteMode.TRUNCATE);
            }
            long n = 0;
            try {
                InputStream body = exchange.body();
                byte[] buf = new byte[64 * 1024];
                int r;
                while ((r = body.read(buf)) > 0) {
                    ctx.checkCancelled();
                    out.write(buf, 0, r);
                    n += r;
                }
            } finally {
                if (target == null) {
                    out.flush();
                } else if (out != document) {
                    out.close();
                } else {
                    out.flush();
                }
            }
            return n;
        }

        private static String humanSuffix(long n) {
            if (n < 1024) {
                return "";
            }
            String[] units = {"K", "M", "G", "T"};
            double v = n;
            int u = -1;
            while (v >= 1024 && u < units.length - 1) {
                v /= 1024;
                u++;
            }
            return " (" + (v >= 10 ? String.format("%.0f", v) : String.format("%.1f", v)) + units[u] + ")";
        }

        private static String rate(double bytesPerSecond) {
            String[] units = {"B/s", "KB/s", "MB/s", "GB/s"};
            double v = bytesPerSecond;
            int u = 0;
            while (v >= 1024 && u < units.length - 1) {
                v /= 1024;
                u++;
            }
            return String.format(java.util.Locale.ROOT, "%.2f %s", v, units[u]);
        }
    }
}
