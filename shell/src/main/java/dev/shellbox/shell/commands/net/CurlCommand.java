package dev.shellbox.shell.commands.net;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.OptionParser.Arg;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * curl: transfer a URL over HTTP or HTTPS, through the sandbox's network seam. The options agents use, with curl's
 * exit statuses and messages; no progress meter is ever shown.
 */
public final class CurlCommand implements Command {
    static final String USER_AGENT = "curl/8.5.0";
    private static final Set<Integer> RETRY_STATUSES = Set.of(408, 429, 500, 502, 503, 504);

    private static final OptionParser OPTIONS = OptionParser.of("sSfLo:OX:H:d:GF:u:A:e:Iivw:m:k#qgNb:")
            .longOption("silent", 's')
            .longOption("show-error", 'S')
            .longOption("fail", 'f')
            .longOption("location", 'L')
            .longOption("output", 'o')
            .longOption("remote-name", 'O')
            .longOption("request", 'X')
            .longOption("header", 'H')
            .longOption("data", 'd')
            .longOption("data-ascii", 'd')
            .longOption("get", 'G')
            .longOption("form", 'F')
            .longOption("user", 'u')
            .longOption("user-agent", 'A')
            .longOption("referer", 'e')
            .longOption("head", 'I')
            .longOption("include", 'i')
            .longOption("verbose", 'v')
            .longOption("write-out", 'w')
            .longOption("max-time", 'm')
            .longOption("insecure", 'k')
            .longOption("progress-bar", '#')
            .longOption("globoff", 'g')
            .longOption("no-buffer", 'N')
            .longOption("cookie", 'b')
            .longOption("url", Arg.REQUIRED)
            .longOption("data-raw", Arg.REQUIRED)
            .longOption("data-binary", Arg.REQUIRED)
            .longOption("data-urlencode", Arg.REQUIRED)
            .longOption("max-redirs", Arg.REQUIRED)
            .longOption("retry", Arg.REQUIRED)
            .longOption("retry-delay", Arg.REQUIRED)
            .longOption("connect-timeout", Arg.REQUIRED)
            .longOption("compressed", Arg.NONE)
            .longOption("fail-with-body", Arg.NONE)
            .longOption("cacert", Arg.REQUIRED)
            .longOption("create-dirs", Arg.NONE)
            .longOption("no-progress-meter", Arg.NONE)
            .longOption("http1.1", Arg.NONE)
            .longOption("json", Arg.REQUIRED);

    @Override
    public String name() {
        return "curl";
    }

    @Override
    public String help() {
        return """
                Usage: curl [options...] <url>
                Transfer a URL over HTTP or HTTPS, through the sandbox's network policy.
                No progress meter is shown; connections are never reused.

                 -A, --user-agent <name>    Send User-Agent <name>
                 -b, --cookie <data>        Send cookies from a string (name=value; ...)
                     --cacert <file>        Also trust the PEM certificates in <file>
                                            (default: $CURL_CA_BUNDLE, then $SSL_CERT_FILE)
                     --compressed           Request a compressed response (gzip, deflate) and decode it
                     --connect-timeout <s>  Maximum time allowed for connection
                     --create-dirs          Create the directories of -o files
                 -d, --data <data>          HTTP POST data; @file or @- reads it (newlines dropped)
                     --data-binary <data>   HTTP POST data, files sent as they are
                     --data-raw <data>      HTTP POST data, '@' has no special meaning
                     --data-urlencode <d>   HTTP POST data, URL-encoded (content, =content,
                                            name=content, @file, name@file)
                 -e, --referer <URL>        Referrer URL
                 -f, --fail                 Fail with exit status 22 and no output on HTTP errors
                     --fail-with-body       Fail on HTTP errors but keep the body
                 -F, --form <name=content>  Multipart form data (name=value, name=@file, name=<file)
                 -G, --get                  Put the data in the URL and use GET
                 -H, --header <header>      Pass custom header(s) to server ('X:' removes X)
                 -I, --head                 Show document info only (HEAD)
                 -i, --include              Include the response headers in the output
                     --json <data>          POST JSON data (sets Content-Type and Accept)
                 -k, --insecure             Allow insecure server connections
                 -L, --location             Follow redirects
                     --max-redirs <num>     Maximum number of redirects allowed (default 50)
                 -m, --max-time <seconds>   Maximum time allowed for the whole transfer
                 -o, --output <file>        Write to file instead of stdout
                 -O, --remote-name          Write output to a file named as the remote file
                     --retry <num>          Retry request if transient problems occur
                     --retry-delay <s>      Wait time between retries
                 -s, --silent               Silent mode: no error messages
                 -S, --show-error           Show error messages even when -s is used
                 -u, --user <user:password> Server user and password (Basic)
                     --url <url>            URL to work with
                 -v, --verbose              Show the request and response heads on stderr
                 -w, --write-out <format>   Output text after completion: %{http_code}, %{url_effective},
                                            %{size_download}, %{content_type}, %{time_total},
                                            %{num_redirects}, %{redirect_url}, %{method}, %{exitcode},
                                            %{errormsg}, %header{name}, @file
                 -X, --request <method>     Specify request method to use
                 -#, --progress-bar         Accepted; no progress is shown
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return usage(ctx, "option " + e.getMessage());
        }
        return new Curl(ctx, parsed).run();
    }

    static int usage(CommandContext ctx, String message) throws IOException {
        ctx.stderr().write(Text.encode("curl: " + message + "\ncurl: try 'curl --help' for more information\n"));
        ctx.stderr().flush();
        return 2;
    }

    /** One invocation's state. */
    private static final class Curl {
        private final CommandContext ctx;
        private final ParsedOptions opts;
        private final boolean silent;
        private final boolean showError;
        private final boolean failSilently;
        private final boolean failWithBody;
        private final boolean include;
        private final boolean head;
        private final boolean follow;
        private final boolean compressed;
        private int maxRedirs = 50;
        private int retries;
        private long retryDelayMillis = -1;
        private HttpClient client;

        Curl(CommandContext ctx, ParsedOptions opts) {
            this.ctx = ctx;
            this.opts = opts;
            this.silent = opts.has('s');
            this.showError = opts.has('S');
            this.failSilently = opts.has('f');
            this.failWithBody = opts.has("fail-with-body");
            this.head = opts.has('I');
            this.include = opts.has('i') || head;
            this.follow = opts.has('L');
            this.compressed = opts.has("compressed");
        }

        int run() throws IOException {
            List<String> urls = new ArrayList<>();
            for (ParsedOptions.Option o : opts.options()) {
                if (o.key().equals("url")) {
                    urls.add(o.value());
                }
            }
            urls.addAll(opts.operands());
            if (urls.isEmpty()) {
                return usage(ctx, "no URL specified!");
            }
            Duration connectTimeout;
            long deadline = 0;
            try {
                connectTimeout = seconds(opts.value("connect-timeout"));
                Duration maxTime = seconds(opts.value('m'));
                if (maxTime != null) {
                    deadline = System.nanoTime() + maxTime.toNanos();
                }
                if (opts.value("max-redirs") != null) {
                    maxRedirs = Integer.parseInt(opts.value("max-redirs"));
                }
                if (opts.value("retry") != null) {
                    retries = Integer.parseInt(opts.value("retry"));
                }
                if (opts.value("retry-delay") != null) {
                    retryDelayMillis = Long.parseLong(opts.value("retry-delay")) * 1000;
                }
            } catch (NumberFormatException e) {
                return usage(ctx, "option: expected a proper numerical parameter");
            }
            String method = opts.value('X');
            if (head
                    && (opts.has('d') || opts.has('F') || opts.has("data-raw") || opts.has("data-binary"))
                    && !opts.has('G')) {
                return fail(
                        2,
                        "You can only select one HTTP request method! You asked for both POST "
                                + "(-d, --data) and HEAD (-I, --head).");
            }
            String caFile = opts.value("cacert");
            if (caFile == null) {
                caFile = ctx.env("CURL_CA_BUNDLE") != null ? ctx.env("CURL_CA_BUNDLE") : ctx.env("SSL_CERT_FILE");
            }
            HttpClient.Trace trace = opts.has('v') ? this::trace : HttpClient.Trace.NONE;
            client = new HttpClient(new HttpClient.Settings(
                    ctx.network(),
                    TlsTrust.loader(ctx, opts.has('k'), caFile),
                    connectTimeout,
                    null,
                    deadline,
                    ctx.cancellation(),
                    trace));
            List<String> outputs = new ArrayList<>();
            for (ParsedOptions.Option o : opts.options()) {
                if (o.key().equals("o")) {
                    outputs.add(o.value());
                } else if (o.key().equals("O")) {
                    outputs.add(null);
                }
            }
            int status = 0;
            for (int i = 0; i < urls.size(); i++) {
                boolean hasOutput = i < outputs.size();
                int s = transferWithRetries(urls.get(i), hasOutput, hasOutput ? outputs.get(i) : null, method);
                if (s != 0) {
                    status = s;
                }
            }
            ctx.stdout().flush();
            return status;
        }

        private static Duration seconds(String text) {
            if (text == null) {
                return null;
            }
            double s = Double.parseDouble(text);
            if (s < 0 || Double.isNaN(s)) {
                throw new NumberFormatException(text);
            }
            return s == 0 ? null : Duration.ofNanos((long) (s * 1e9));
        }

        private void trace(char kind, String text) {
            try {
                ctx.stderr().write(Text.encode(kind + " " + text + (kind == '*' ? "\n" : "\r\n")));
            } catch (IOException e) {
                // the trace is best effort
            }
        }

        private int fail(int status, String message) throws IOException {
            if (!silent || showError) {
                ctx.stderr().write(Text.encode("curl: (" + status + ") " + message + "\n"));
                ctx.stderr().flush();
            }
            return status;
        }

        private void warn(String message) throws IOException {
            if (!silent) {
                ctx.stderr().write(Text.encode("Warning: " + message + "\n"));
                ctx.stderr().flush();
            }
        }

        /** What one transfer left for --write-out. */
        private static final class Outcome {
            Url url;
            ResponseHead head;
            long downloaded;
            long headerBytes;
            int redirects;
            String method;
            int exitCode;
            String errorMessage = "";
            String redirectUrl = "";
            String fileName;
        }

        private int transferWithRetries(String urlText, boolean toFile, String outputName, String method)
                throws IOException {
            long start = System.nanoTime();
            long delay = retryDelayMillis > 0 ? retryDelayMillis : 1000;
            for (int attempt = 0; ; attempt++) {
                Outcome outcome = new Outcome();
                Result r = transfer(urlText, toFile, outputName, method, outcome, attempt < retries);
                if (r.retry) {
                    warn("Problem : " + r.problem + ". Will retry in " + delay / 1000 + " second"
                            + (delay == 1000 ? "" : "s") + ". " + (retries - attempt) + " retr"
                            + (retries - attempt == 1 ? "y" : "ies") + " left.");
                    ctx.cancellation().sleep(delay);
                    if (retryDelayMillis <= 0) {
                        delay = Math.min(delay * 2, 600_000);
                    }
                    continue;
                }
                outcome.exitCode = r.status;
                String format = opts.value('w');
                if (format != null) {
                    writeOut(format, outcome, start);
                }
                return r.status;
            }
        }

        private record Result(int status, boolean retry, String problem) {
            static Result done(int status) {
                return new Result(status, false, null);
            }
        }

        private Result transfer(
                String urlText, boolean toFile, String outputName, String method, Outcome out, boolean mayRetry)
                throws IOException {
            Url url;
            try {
                url = Url.parse(urlText);
            } catch (NetException e) {
                return Result.done(failed(e, out));
            }
            if (toFile && outputName == null) {
                outputName = url.fileName();
                if (outputName.isEmpty()) {
                    return Result.done(fail(23, "Remote file name has no length!"));
                }
            }
            out.fileName = outputName;
            HttpRequest request;
            try {
                request = request(url, method);
            } catch (FsException e) {
                return Result.done(fail(26, "Failed to open/read local data from file/application"));
            } catch (IllegalArgumentException e) {
                return Result.done(fail(2, e.getMessage()));
            }
            Sink sink = new Sink(toFile ? outputName : null);
            try {
                while (true) {
                    out.url = request.url();
                    out.method = request.method();
                    try (HttpExchange exchange = client.send(request)) {
                        ResponseHead response = exchange.head();
                        out.head = response;
                        out.headerBytes += response.wireText().length();
                        HttpRequest next = follow ? request.redirectedBy(response, method != null) : null;
                        if (next == null && response.redirect()) {
                            out.redirectUrl = request.url()
                                    .resolve(response.header("Location"))
                                    .toString();
                        }
                        if (next != null && out.redirects >= maxRedirs) {
                            return Result.done(fail(47, "Maximum (" + maxRedirs + ") redirects followed"));
                        }
                        boolean failing = failSilently && !failWithBody && response.status() >= 400;
                        if (include) {
                            sink.write(response.wireText().getBytes(StandardCharsets.ISO_8859_1));
                        }
                        if (mayRetry && RETRY_STATUSES.contains(response.status())) {
                            // like curl, the body of an attempt that is retried is already written out
                            if (!failing) {
                                copyBody(exchange, response, sink, out);
                            }
                            return new Result(0, true, "HTTP error");
                        }
                        if (failing) {
                            return Result.done(fail(22, "The requested URL returned error: " + response.status()));
                        }
                        if (next != null) {
                            out.redirects++;
                            request = next;
                            continue;
                        }
                        copyBody(exchange, response, sink, out);
                        if (failWithBody && response.status() >= 400) {
                            sink.finish();
                            return Result.done(fail(22, "The requested URL returned error: " + response.status()));
                        }
                    }
                    sink.finish();
                    return Result.done(0);
                }
            } catch (NetException e) {
                if (mayRetry && e.transientFailure()) {
                    return new Result(0, true, e.kind() == NetException.Kind.TIMEOUT ? "timeout" : "connection");
                }
                sink.finishQuietly();
                return Result.done(failed(e, out));
            } catch (WriteFailure e) {
                sink.finishQuietly();
                return Result.done(fail(23, "Failure writing output to destination"));
            } catch (FsException e) {
                return Result.done(fail(26, "Failed to open/read local data from file/application"));
            } catch (java.util.zip.ZipException e) {
                return Result.done(fail(61, "Error while processing content unencoding: " + e.getMessage()));
            } finally {
                sink.finishQuietly();
            }
        }

        private int failed(NetException e, Outcome out) throws IOException {
            int status = exitStatus(e.kind());
            String message = switch (e.kind()) {
                case MALFORMED_URL -> "URL using bad/illegal format or missing URL";
                case UNSUPPORTED_PROTOCOL -> e.getMessage() + " or disabled in libcurl";
                default -> e.getMessage();
            };
            out.errorMessage = message;
            return fail(status, message);
        }

        static int exitStatus(NetException.Kind kind) {
            return switch (kind) {
                case UNSUPPORTED_PROTOCOL -> 1;
                case MALFORMED_URL -> 3;
                case RESOLVE -> 6;
                case CONNECT, BLOCKED -> 7;
                case TIMEOUT -> 28;
                case CA_FILE -> 77;
                case TLS -> 35;
                case CERTIFICATE -> 60;
                case EMPTY_REPLY -> 52;
                case RECEIVE -> 56;
                case PARTIAL -> 18;
                case SEND -> 55;
            };
        }

        private void copyBody(HttpExchange exchange, ResponseHead response, Sink sink, Outcome out) throws IOException {
            InputStream body = compressed
                    ? BodyStreams.decode(exchange.body(), response.header("Content-Encoding"))
                    : exchange.body();
            byte[] buf = new byte[64 * 1024];
            int n;
            try {
                while ((n = body.read(buf)) > 0) {
                    ctx.checkCancelled();
                    sink.write(buf, 0, n);
                    out.downloaded = exchange.bytesReceived();
                }
            } finally {
                out.downloaded = exchange.bytesReceived();
            }
        }

        private HttpRequest request(Url url, String method) throws IOException {
            byte[] data = data();
            FormData form = null;
            if (opts.has('F')) {
                form = new FormData(ctx);
                for (String spec : opts.values('F')) {
                    form.add(spec);
                }
            }
            String json = opts.value("json");
            if (json != null) {
                byte[] j = dataItem(json, false, true);
                data = data == null ? j : concat(data, j);
            }
            if (data != null && opts.has('G')) {
                url = url.withQuery(new String(data, StandardCharsets.ISO_8859_1));
                data = null;
            }
            String defaultMethod = head ? "HEAD" : form != null || data != null ? "POST" : "GET";
            List<Header> internal = new ArrayList<>();
            String credentials = opts.value('u');
            if (credentials == null && url.userInfo() != null) {
                credentials = Url.percentDecode(url.userInfo());
            }
            if (credentials != null) {
                String pair = credentials.indexOf(':') >= 0 ? credentials : credentials + ":";
                internal.add(new Header(
                        "Authorization",
                        "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8))));
            }
            internal.add(new Header("User-Agent", opts.value('A') != null ? opts.value('A') : USER_AGENT));
            internal.add(new Header("Accept", json != null ? "application/json" : "*/*"));
            if (opts.value('e') != null) {
                internal.add(new Header("Referer", opts.value('e')));
            }
            if (opts.value('b') != null && opts.value('b').contains("=")) {
                internal.add(new Header("Cookie", opts.value('b')));
            }
            if (compressed) {
                internal.add(new Header("Accept-Encoding", "deflate, gzip"));
            }
            RequestBody body = null;
            if (form != null) {
                internal.add(new Header("Content-Type", form.contentType()));
                body = form;
            } else if (data != null) {
                internal.add(new Header(
                        "Content-Type", json != null ? "application/json" : "application/x-www-form-urlencoded"));
                body = RequestBody.of(data);
            }
            return new HttpRequest(method != null ? method : defaultMethod, url, headers(internal), body);
        }

        /** The internal headers with the -H ones applied: a custom one replaces, {@code X:} removes, {@code X;} empties. */
        private List<Header> headers(List<Header> internal) {
            List<Header> custom = new ArrayList<>();
            List<String> removed = new ArrayList<>();
            for (String h : opts.values('H')) {
                int colon = h.indexOf(':');
                int semi = h.indexOf(';');
                if (colon > 0) {
                    String name = h.substring(0, colon).strip();
                    String value = h.substring(colon + 1).strip();
                    if (value.isEmpty()) {
                        removed.add(name);
                    } else {
                        custom.add(new Header(name, value));
                    }
                } else if (semi > 0 && h.substring(semi + 1).isBlank()) {
                    custom.add(new Header(h.substring(0, semi).strip(), ""));
                }
            }
            List<Header> all = new ArrayList<>();
            Header contentType = null;
            for (Header h : internal) {
                boolean overridden =
                        removed.stream().anyMatch(h::named) || custom.stream().anyMatch(c -> c.named(h.name()));
                if (overridden) {
                    continue;
                }
                if (h.named("Content-Type")) {
                    contentType = h;
                } else {
                    all.add(h);
                }
            }
            all.addAll(custom);
            for (String r : removed) {
                if (r.equalsIgnoreCase("Host")) {
                    all.add(0, new Header("Host", ""));
                }
            }
            all.removeIf(h -> h.named("Host") && h.value().isEmpty());
            if (contentType != null) {
                all.add(contentType);
            }
            return all;
        }

        /** The -d family joined with {@code &}, in command-line order; null when none was given. */
        private byte[] data() throws IOException {
            ByteArrayOutputStream all = null;
            for (ParsedOptions.Option o : opts.options()) {
                byte[] item;
                switch (o.key()) {
                    case "d" -> item = dataItem(o.value(), true, true);
                    case "data-binary" -> item = dataItem(o.value(), false, true);
                    case "data-raw" -> item = o.value().getBytes(StandardCharsets.UTF_8);
                    case "data-urlencode" -> item = urlencoded(o.value());
                    default -> {
                        continue;
                    }
                }
                if (all == null) {
                    all = new ByteArrayOutputStream();
                } else {
                    all.write('&');
                }
                all.write(item);
            }
            return all == null ? null : all.toByteArray();
        }

        private byte[] dataItem(String value, boolean stripNewlines, boolean files) throws IOException {
            if (!files || !value.startsWith("@")) {
                return value.getBytes(StandardCharsets.UTF_8);
            }
            byte[] content = readSource(value.substring(1));
            if (content == null) {
                return new byte[0];
            }
            if (!stripNewlines) {
                return content;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(content.length);
            for (byte b : content) {
                if (b != '\n' && b != '\r') {
                    out.write(b);
                }
            }
            return out.toByteArray();
        }

        /** A data file's content, or null (with curl's warning) when it cannot be read. */
        private byte[] readSource(String path) throws IOException {
            if (path.equals("-")) {
                return ctx.stdin().readAllBytes();
            }
            try (InputStream in = ctx.openInput(path)) {
                return in.readAllBytes();
            } catch (FsException e) {
                warn("Couldn't read data from file \"" + path + "\", this makes an empty POST.");
                return null;
            }
        }

        private byte[] urlencoded(String spec) throws IOException {
            String name = null;
            String content;
            int eq = spec.indexOf('=');
            int at = spec.indexOf('@');
            if (eq >= 0 && (at < 0 || eq < at)) {
                name = spec.substring(0, eq);
                content = spec.substring(eq + 1);
            } else if (at >= 0) {
                name = spec.substring(0, at);
                byte[] file = readSource(spec.substring(at + 1));
                content = file == null ? "" : new String(file, StandardCharsets.UTF_8);
            } else {
                content = spec;
            }
            String encoded = Url.formEncode(content);
            return ((name == null || name.isEmpty() ? "" : name + "=") + encoded).getBytes(StandardCharsets.UTF_8);
        }

        private static byte[] concat(byte[] a, byte[] b) {
            byte[] r = new byte[a.length + 1 + b.length];
            System.arraycopy(a, 0, r, 0, a.length);
            r[a.length] = '&';
            System.arraycopy(b, 0, r, a.length + 1, b.length);
            return r;
        }

        private void writeOut(String format, Outcome o, long start) throws IOException {
            if (format.startsWith("@")) {
                byte[] f = readSource(format.substring(1));
                format = f == null ? "" : new String(f, StandardCharsets.UTF_8);
            }
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < format.length(); i++) {
                char c = format.charAt(i);
                if (c == '%' && i + 1 < format.length() && format.charAt(i + 1) == '%') {
                    sb.append('%');
                    i++;
                } else if (c == '%' && format.startsWith("header{", i + 1) && format.indexOf('}', i) > 0) {
                    int close = format.indexOf('}', i);
                    String v = o.head == null ? null : o.head.header(format.substring(i + 8, close));
                    sb.append(v == null ? "" : v);
                    i = close;
                } else if (c == '%' && format.startsWith("{", i + 1) && format.indexOf('}', i) > 0) {
                    int close = format.indexOf('}', i);
                    String var = format.substring(i + 2, close);
                    String v = variable(var, o, start);
                    if (v == null) {
                        warn("unknown --write-out variable: '" + var + "'");
                    } else {
                        sb.append(v);
                    }
                    i = close;
                } else if (c == '\\' && i + 1 < format.length()) {
                    char e = format.charAt(++i);
                    switch (e) {
                        case 'n' -> sb.append('\n');
                        case 'r' -> sb.append('\r');
                        case 't' -> sb.append('\t');
                        case '\\' -> sb.append('\\');
                        default -> sb.append('\\').append(e);
                    }
                } else {
                    sb.append(c);
                }
            }
            ctx.stdout().write(sb.toString().getBytes(StandardCharsets.UTF_8));
            ctx.stdout().flush();
        }

        private static String variable(String name, Outcome o, long start) {
            return switch (name) {
                case "http_code", "response_code" -> String.format("%03d", o.head == null ? 0 : o.head.status());
                case "url_effective" -> o.url == null ? "" : o.url.toString();
                case "size_download" -> Long.toString(o.downloaded);
                case "size_header" -> Long.toString(o.headerBytes);
                case "content_type" ->
                    o.head == null || o.head.header("Content-Type") == null ? "" : o.head.header("Content-Type");
                case "time_total" -> String.format(Locale.ROOT, "%.6f", (System.nanoTime() - start) / 1e9);
                case "num_redirects" -> Integer.toString(o.redirects);
                case "redirect_url" -> o.redirectUrl;
                case "method" -> o.method == null ? "GET" : o.method;
                case "scheme" -> o.url == null ? "" : o.url.scheme().toUpperCase(Locale.ROOT);
                case "exitcode" -> Integer.toString(o.exitCode);
                case "errormsg" -> o.errorMessage;
                case "filename_effective" -> o.fileName == null ? "" : o.fileName;
                case "http_version" ->
                    o.head == null
                            ? "0"
                            : o.head.statusLine()
                                    .substring(5, o.head.statusLine().indexOf(' '));
                default -> null;
            };
        }

        /** A write to the output failed: curl's status 23. */
        private static final class WriteFailure extends IOException {
            private static final long serialVersionUID = 1L;

            WriteFailure(IOException cause) {
                super(cause);
            }
        }

        /** stdout, or a file opened on the first byte (so a failed transfer leaves none) and created empty at the end. */
        private final class Sink {
            private final String path;
            private OutputStream file;

            Sink(String path) {
                this.path = path;
            }

            void write(byte[] b) throws IOException {
                write(b, 0, b.length);
            }

            void write(byte[] b, int off, int len) throws IOException {
                try {
                    target().write(b, off, len);
                } catch (FsException e) {
                    throw new WriteFailure(e);
                }
            }

            private OutputStream target() throws IOException {
                if (path == null) {
                    return ctx.stdout();
                }
                if (file == null) {
                    try {
                        if (opts.has("create-dirs")) {
                            Directories.create(ctx, PathNames.parent(ctx.resolve(path)));
                        }
                        file = ctx.openOutput(path, WriteMode.TRUNCATE);
                    } catch (FsException e) {
                        warn("Failed to open the file " + path + ": "
                                + e.errno().message());
                        throw new WriteFailure(e);
                    }
                }
                return file;
            }

            void finish() throws IOException {
                if (path != null) {
                    OutputStream f = target();
                    file = null;
                    try {
                        f.close();
                    } catch (FsException e) {
                        throw new WriteFailure(e);
                    }
                } else {
                    ctx.stdout().flush();
                }
            }

            void finishQuietly() {
                try {
                    if (file != null) {
                        OutputStream f = file;
                        file = null;
                        f.close();
                    } else if (path == null) {
                        ctx.stdout().flush();
                    }
                } catch (IOException e) {
                    // the transfer's own failure is what is reported
                }
            }
        }
    }
}
