package dev.shellbox.gateway.routing;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.ReadStream;

/**
 * A request body on its way downstream that fails, instead of passing more bytes, once it grows beyond a limit: the
 * gateway never forwards (or holds) more than the route allows.
 */
final class CountingReadStream implements ReadStream<Buffer> {
    private final ReadStream<Buffer> source;
    private final long limit;
    private final Runnable onLimit;
    private long count;
    private boolean exceeded;

    CountingReadStream(ReadStream<Buffer> source, long limit, Runnable onLimit) {
        this.source = source;
        this.limit = limit;
        this.onLimit = onLimit;
    }

    @Override
    public ReadStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
        source.exceptionHandler(handler);
        return this;
    }

    @Override
    public ReadStream<Buffer> handler(Handler<Buffer> handler) {
        if (handler == null) {
            source.handler(null);
            return this;
        }
        source.handler(buffer -> {
            if (exceeded) {
                return;
            }
            count += buffer.length();
            if (count > limit) {
                exceeded = true;
                source.pause();
                onLimit.run();
                return;
            }
            handler.handle(buffer);
        });
        return this;
    }

    @Override
    public ReadStream<Buffer> pause() {
        source.pause();
        return this;
    }

    @Override
    public ReadStream<Buffer> resume() {
        if (!exceeded) {
            source.resume();
        }
        return this;
    }

    @Override
    public ReadStream<Buffer> fetch(long amount) {
        if (!exceeded) {
            source.fetch(amount);
        }
        return this;
    }

    @Override
    public ReadStream<Buffer> endHandler(Handler<Void> endHandler) {
        source.endHandler(endHandler);
        return this;
    }
}
