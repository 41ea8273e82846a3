package dev.shellbox.shell.commands.data.checksum;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A cryptographic digest as the {@code *sum} tools name it: {@code md5sum}, {@code cksum -a sha256}, ... */
public enum Algorithm {
    MD5("md5", "MD5", "MD5", 128),
    SHA1("sha1", "SHA1", "SHA-1", 160),
    SHA224("sha224", "SHA224", "SHA-224", 224),
    SHA256("sha256", "SHA256", "SHA-256", 256),
    SHA384("sha384", "SHA384", "SHA-384", 384),
    SHA512("sha512", "SHA512", "SHA-512", 512);

    private final String cksumName;
    private final String tag;
    private final String javaName;
    private final int bits;

    Algorithm(String cksumName, String tag, String javaName, int bits) {
        this.cksumName = cksumName;
        this.tag = tag;
        this.javaName = javaName;
        this.bits = bits;
    }

    /** The name {@code cksum -a} takes. */
    public String cksumName() {
        return cksumName;
    }

    /** The name of BSD-style lines: {@code SHA256 (file) = ...}. */
    public String tag() {
        return tag;
    }

    public int bits() {
        return bits;
    }

    public int hexLength() {
        return bits / 4;
    }

    public MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance(javaName);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + javaName, e);
        }
    }

    static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }

    static Algorithm byTag(String tag) {
        for (Algorithm a : values()) {
            if (a.tag.equals(tag)) {
                return a;
            }
        }
        return null;
    }

    static Algorithm byCksumName(String name) {
        for (Algorithm a : values()) {
            if (a.cksumName.equals(name)) {
                return a;
            }
        }
        return null;
    }
}
