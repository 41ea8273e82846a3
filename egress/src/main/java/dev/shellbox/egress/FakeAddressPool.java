package dev.shellbox.egress;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Hands out addresses in 198.18.0.0/15 for hostnames, so that the sandbox's DNS stub can answer allowed names and the
 * proxy can tell which name a connection was for. An address stays with its name while the name is in use (each
 * lookup either way counts as a use); when the pool is full the least recently used name gives up its address.
 * Addresses ending in .0 or .255 are never handed out, as some programs treat them as network or broadcast
 * addresses. Thread-safe.
 */
public final class FakeAddressPool {
    /** The default number of names held at once. */
    public static final int DEFAULT_CAPACITY = 65_000;
    /** Addresses usable in 198.18.0.0/15: 512 blocks of 256, each without its .0 and .255. */
    public static final int MAX_CAPACITY = 512 * 254;

    private static final int BASE = (198 << 24) | (18 << 16);
    private static final int SIZE = 1 << 17;

    private final int capacity;
    /** In access order: the first entry is the least recently used. */
    private final LinkedHashMap<String, Integer> slotsByName = new LinkedHashMap<>(16, 0.75f, true);

    private final Map<Integer, String> namesBySlot = new HashMap<>();
    private int nextSlot;

    public FakeAddressPool() {
        this(DEFAULT_CAPACITY);
    }

    public FakeAddressPool(int capacity) {
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be 1 to " + MAX_CAPACITY + ": " + capacity);
        }
        this.capacity = capacity;
    }

    /**
     * The address for a name, the same one for as long as the name stays in use.
     *
     * @throws InvalidHostnameException when the name is not a valid hostname
     */
    public Inet4Address addressFor(String hostname) {
        String name = Hostnames.normalize(hostname);
        synchronized (this) {
            Integer slot = slotsByName.get(name);
            if (slot == null) {
                slot = nextSlot < capacity ? nextSlot++ : recycleLeastRecentlyUsed();
                slotsByName.put(name, slot);
                namesBySlot.put(slot, name);
            }
            return toAddress(slot);
        }
    }

    /** The name an address was handed out for, or empty when it is not one of ours or no longer in use. */
    public Optional<String> nameFor(InetAddress address) {
        int slot = slotOf(address);
        if (slot < 0) {
            return Optional.empty();
        }
        synchronized (this) {
            String name = namesBySlot.get(slot);
            if (name != null) {
                slotsByName.get(name); // a use: keeps the mapping from being recycled
            }
            return Optional.ofNullable(name);
        }
    }

    /** Whether the address is in the pool's range, in use or not. */
    public static boolean isPoolAddress(InetAddress address) {
        if (!(address instanceof Inet4Address)) {
            return false;
        }
        int offset = Bits.ofIpv4(address) - BASE;
        return offset >= 0 && offset < SIZE;
    }

    public int capacity() {
        return capacity;
    }

    /** How many names hold an address now. */
    public synchronized int size() {
        return slotsByName.size();
    }

    private int recycleLeastRecentlyUsed() {
        Iterator<Map.Entry<String, Integer>> eldest = slotsByName.entrySet().iterator();
        Map.Entry<String, Integer> entry = eldest.next();
        eldest.remove();
        namesBySlot.remove(entry.getValue());
        return entry.getValue();
    }

    private int slotOf(InetAddress address) {
        if (!isPoolAddress(address)) {
            return -1;
        }
        int offset = Bits.ofIpv4(address) - BASE;
        int host = offset & 0xff;
        if (host == 0 || host == 255) {
            return -1;
        }
        int slot = (offset >>> 8) * 254 + host - 1;
        return slot < capacity ? slot : -1;
    }

    private static Inet4Address toAddress(int slot) {
        int address = BASE + (slot / 254) * 256 + slot % 254 + 1;
        try {
            return (Inet4Address) InetAddress.getByAddress(
                    new byte[] {(byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address
                    });
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // four bytes are always an address
        }
    }
}
