package dev.shellbox.platform.testing;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The authoritative DNS server of {@link TestInternet}, run inside its namespace by {@link TestInternetHost}: UDP and
 * TCP on port 53 of the addresses it is given, answering A, AAAA, CNAME and TXT (and ANY) from records the test sets,
 * every answer with TTL 0, NXDOMAIN for names it does not know. Every query is reported to a listener before it is
 * answered, so a test that got its answer also finds the query in the log. A rebinding record answers its first
 * address to the first query of that address's type and its second address to every later one.
 */
final class TestDnsServer {
    static final int A = 1, CNAME = 5, TXT = 16, AAAA = 28, ANY = 255;
    private static final int UDP_LIMIT = 512;

    /** Called for each query before it is answered. */
    interface QueryListener {
        void query(String name, String type, String transport, String client);
    }

    /** What the server knows about one name; a record replaced by the test is replaced whole. */
    private record Entry(
            List<InetAddress> addresses,
            String cname,
            List<String> texts,
            InetAddress first,
            InetAddress then,
            AtomicInteger hits) {}

    private final Map<String, Entry> records = new ConcurrentHashMap<>();
    private final QueryListener listener;

    TestDnsServer(QueryListener listener) {
        this.listener = listener;
    }

    void addresses(String name, List<InetAddress> addresses) {
        records.put(key(name), new Entry(List.copyOf(addresses), null, List.of(), null, null, null));
    }

    void cname(String name, String target) {
        records.put(key(name), new Entry(List.of(), key(target), List.of(), null, null, null));
    }

    void txt(String name, String text) {
        records.put(key(name), new Entry(List.of(), null, List.of(text), null, null, null));
    }

    void rebinding(String name, InetAddress first, InetAddress then) {
        records.put(key(name), new Entry(List.of(), null, List.of(), first, then, new AtomicInteger()));
    }

    void remove(String name) {
        records.remove(key(name));
    }

    /** Serves UDP and TCP on port 53 of {@code address} on daemon threads. */
    void listen(InetAddress address) throws IOException {
        DatagramSocket udp = new DatagramSocket(new InetSocketAddress(address, 53));
        ServerSocket tcp = new ServerSocket();
        tcp.setReuseAddress(true);
        tcp.bind(new InetSocketAddress(address, 53));
        daemon("dns-udp-" + address.getHostAddress(), () -> serveUdp(udp));
        daemon("dns-tcp-" + address.getHostAddress(), () -> serveTcp(tcp));
    }

    private void serveUdp(DatagramSocket socket) {
        byte[] buffer = new byte[4096];
        while (true) {
            try {
                DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                socket.receive(packet);
                byte[] query = Arrays.copyOf(packet.getData(), packet.getLength());
                byte[] answer = answer(query, "udp", packet.getAddress().getHostAddress(), UDP_LIMIT);
                if (answer != null) {
                    socket.send(new DatagramPacket(answer, answer.length, packet.getSocketAddress()));
                }
            } catch (IOException e) {
                System.err.println("dns udp: " + e);
            }
        }
    }

    private void serveTcp(ServerSocket server) {
        while (true) {
            try {
                Socket socket = server.accept();
                daemon("dns-tcp-connection", () -> serveTcpConnection(socket));
            } catch (IOException e) {
                System.err.println("dns tcp: " + e);
            }
        }
    }

    private void serveTcpConnection(Socket socket) {
        try (socket) {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            while (true) {
                byte[] query = new byte[in.readUnsignedShort()];
                in.readFully(query);
                byte[] answer = answer(query, "tcp", socket.getInetAddress().getHostAddress(), 65535);
                if (answer == null) {
                    return;
                }
                out.writeShort(answer.length);
                out.write(answer);
                out.flush();
            }
        } catch (EOFException e) {
            // the client is done
        } catch (IOException e) {
            System.err.println("dns tcp connection: " + e);
        }
    }

    /** The response to one query message, or null for a message too broken to answer. */
    byte[] answer(byte[] query, String transport, String client, int limit) {
        if (query.length < 12) {
            return null;
        }
        int flags = u16(query, 2);
        if ((flags & 0x8000) != 0) {
            return null; // a response, not a query
        }
        int opcode = (flags >> 11) & 0xf;
        int[] position = {12};
        String name;
        int type;
        try {
            if (u16(query, 4) != 1) {
                throw new IllegalArgumentException("expected one question");
            }
            name = readName(query, position);
            type = u16(query, position[0]);
            position[0] += 4; // type, class
        } catch (RuntimeException e) {
            return header(query, opcode, 1, 0, 0); // FORMERR
        }
        listener.query(name, typeName(type), transport, client);
        if (opcode != 0) {
            return header(query, opcode, 4, 0, 0); // NOTIMP
        }
        List<byte[]> answers = new ArrayList<>();
        int rcode = resolve(name, type, answers, 0);
        byte[] question = Arrays.copyOfRange(query, 12, position[0]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(header(query, opcode, rcode, 1, answers.size()));
        out.writeBytes(question);
        answers.forEach(out::writeBytes);
        byte[] response = out.toByteArray();
        if (response.length > limit) {
            ByteArrayOutputStream truncated = new ByteArrayOutputStream();
            byte[] head = header(query, opcode, rcode, 1, 0);
            head[2] |= 0x02; // TC
            truncated.writeBytes(head);
            truncated.writeBytes(question);
            return truncated.toByteArray();
        }
        return response;
    }

    /** Adds the records answering (name, type) to {@code answers}; returns the rcode. */
    private int resolve(String name, int type, List<byte[]> answers, int depth) {
        Entry entry = records.get(name);
        if (entry == null) {
            return depth == 0 ? 3 : 0; // NXDOMAIN for the name asked; a dangling CNAME is the client's problem
        }
        if (entry.cname() != null) {
            answers.add(record(name, CNAME, encodeName(entry.cname())));
            if (type != CNAME && depth < 8) {
                resolve(entry.cname(), type, answers, depth + 1);
            }
            return 0;
        }
        List<InetAddress> addresses = entry.addresses();
        if (entry.hits() != null && (type == ANY || type == familyType(entry.first()))) {
            addresses = List.of(entry.hits().getAndIncrement() == 0 ? entry.first() : entry.then());
        }
        for (InetAddress address : addresses) {
            int addressType = familyType(address);
            if (type == addressType || type == ANY) {
                answers.add(record(name, addressType, address.getAddress()));
            }
        }
        if (type == TXT || type == ANY) {
            for (String text : entry.texts()) {
                answers.add(record(name, TXT, characterStrings(text)));
            }
        }
        return 0;
    }

    private static int familyType(InetAddress address) {
        return address instanceof Inet6Address ? AAAA : A;
    }

    private static byte[] record(String name, int type, byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(encodeName(name));
        writeU16(out, type);
        writeU16(out, 1); // IN
        writeU16(out, 0); // TTL: 0 (two halves of 32 bits)
        writeU16(out, 0);
        writeU16(out, data.length);
        out.writeBytes(data);
        return out.toByteArray();
    }

    private static byte[] header(byte[] query, int opcode, int rcode, int questions, int answers) {
        int rd = query[2] & 0x01;
        byte[] header = new byte[12];
        header[0] = query[0];
        header[1] = query[1];
        header[2] = (byte) (0x80 | (opcode << 3) | 0x04 | rd); // QR, opcode, AA, RD copied
        header[3] = (byte) rcode; // RA = 0: authoritative only
        header[5] = (byte) questions;
        header[6] = (byte) (answers >> 8);
        header[7] = (byte) answers;
        return header;
    }

    private static String readName(byte[] message, int[] position) {
        StringBuilder name = new StringBuilder();
        int at = position[0];
        boolean jumped = false;
        for (int steps = 0; steps < 128; steps++) {
            int length = message[at] & 0xff;
            if (length == 0) {
                if (!jumped) {
                    position[0] = at + 1;
                }
                return name.toString().toLowerCase(Locale.ROOT);
            }
            if ((length & 0xc0) == 0xc0) {
                if (!jumped) {
                    position[0] = at + 2;
                }
                jumped = true;
                at = u16(message, at) & 0x3fff;
                continue;
            }
            if (name.length() > 0) {
                name.append('.');
            }
            name.append(new String(message, at + 1, length, StandardCharsets.ISO_8859_1));
            at += 1 + length;
        }
        throw new IllegalArgumentException("name too long or looping");
    }

    static byte[] encodeName(String name) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String label : key(name).split("\\.")) {
            if (label.isEmpty()) {
                continue;
            }
            byte[] bytes = label.getBytes(StandardCharsets.ISO_8859_1);
            if (bytes.length > 63) {
                throw new IllegalArgumentException("label longer than 63 bytes: " + label);
            }
            out.write(bytes.length);
            out.writeBytes(bytes);
        }
        out.write(0);
        return out.toByteArray();
    }

    private static byte[] characterStrings(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        do {
            int length = Math.min(255, bytes.length - at);
            out.write(length);
            out.write(bytes, at, length);
            at += length;
        } while (at < bytes.length);
        return out.toByteArray();
    }

    static String typeName(int type) {
        return switch (type) {
            case A -> "A";
            case 2 -> "NS";
            case CNAME -> "CNAME";
            case 6 -> "SOA";
            case 12 -> "PTR";
            case 15 -> "MX";
            case TXT -> "TXT";
            case AAAA -> "AAAA";
            case 33 -> "SRV";
            case 65 -> "HTTPS";
            case ANY -> "ANY";
            default -> "TYPE" + type;
        };
    }

    private static String key(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
    }

    private static int u16(byte[] data, int at) {
        return ((data[at] & 0xff) << 8) | (data[at + 1] & 0xff);
    }

    private static void writeU16(ByteArrayOutputStream out, int value) {
        out.write(value >> 8);
        out.write(value);
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }
}
