package dev.shellbox.shell.commands.net;

import java.io.IOException;
import java.io.OutputStream;

/** What a request sends after its head; its length is known before sending (Content-Length). */
interface RequestBody {
    long length();

    void writeTo(OutputStream out) throws IOException;

    static RequestBody of(byte[] bytes) {
        return new RequestBody() {
            @Override
            public long length() {
                return bytes.length;
            }

            @Override
            public void writeTo(OutputStream out) throws IOException {
                out.write(bytes);
            }
        };
    }
}
