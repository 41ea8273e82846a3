package dev.shellbox.sandbox.service;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals secrets' values with AES-256-GCM under keys derived from a master key: a random 12-byte nonce per seal, and
 * the owner and name as associated data, so that a sealed value copied to another user's or name's row does not open.
 * Each seal names its master key by id (the first 8 hex digits of the key's SHA-256), so that the master key can
 * change: values sealed under a previous key still open with it, new ones are sealed under the current key.
 *
 * <p>Two keys are derived from each master key (HKDF-Expand, RFC 5869, with the master key as the pseudorandom key):
 * one encrypts, the other makes fingerprints, keyed hashes that tell values apart without revealing them.
 */
public final class SecretCipher {
    static final int KEY_BYTES = 32;
    static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final String ENCRYPTION_INFO = "shellbox secrets v1 aes-256-gcm";
    private static final String FINGERPRINT_INFO = "shellbox secrets v1 fingerprint";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A sealed value as stored: the ciphertext with its tag, the nonce, and the id of the master key. */
    public record Sealed(byte[] ciphertext, byte[] nonce, String keyId) {}

    /** A sealed value that does not open: tampered with, moved to another row, or sealed under an unknown key. */
    public static final class UnreadableException extends RuntimeException {
        UnreadableException(String message) {
            super(message, null, false, false);
        }
    }

    private record Keys(String id, SecretKeySpec encryption, SecretKeySpec fingerprint) {}

    private final Keys current;
    private final Map<String, Keys> byId = new LinkedHashMap<>();

    private SecretCipher(byte[] masterKey, List<byte[]> previousKeys) {
        current = derive(masterKey);
        byId.put(current.id, current);
        for (byte[] previous : previousKeys) {
            Keys keys = derive(previous);
            Keys same = byId.putIfAbsent(keys.id, keys);
            if (same != null && !MessageDigest.isEqual(same.encryption.getEncoded(), keys.encryption.getEncoded())) {
                throw new IllegalArgumentException("two secrets master keys have the same id " + keys.id);
            }
        }
    }

    /** A cipher over raw master keys of 32 bytes each. */
    public static SecretCipher of(byte[] masterKey, List<byte[]> previousKeys) {
        return new SecretCipher(masterKey, previousKeys);
    }

    /**
     * A cipher over master keys as configured, base64 of 32 bytes each.
     *
     * @throws IllegalArgumentException naming the setting that is not such a key (never its value)
     */
    public static SecretCipher fromBase64(String masterKey, List<String> previousKeys) {
        return new SecretCipher(
                decode(masterKey, "shellbox.sandbox.secrets.master-key"),
                previousKeys.stream()
                        .map(String::strip)
                        .filter(k -> !k.isEmpty())
                        .map(k -> decode(k, "shellbox.sandbox.secrets.previous-keys"))
                        .toList());
    }

    private static byte[] decode(String base64, String setting) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(setting + " is not base64: give 32 random bytes in base64");
        }
        if (key.length != KEY_BYTES) {
            throw new IllegalArgumentException(
                    setting + " holds " + key.length + " bytes: give " + KEY_BYTES + " random bytes in base64");
        }
        return key;
    }

    /** The id of the current master key, the one new values are sealed under. */
    public String keyId() {
        return current.id;
    }

    /** Seals a value of a user's secret under the current key, with a fresh nonce. */
    public Sealed seal(String userId, String name, byte[] value) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
            aes.init(Cipher.ENCRYPT_MODE, current.encryption, new GCMParameterSpec(TAG_BITS, nonce));
            aes.updateAAD(associatedData(userId, name));
            return new Sealed(aes.doFinal(value), nonce, current.id);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /**
     * Opens a value sealed for this user and name.
     *
     * @throws UnreadableException when it was sealed for another user or name, was changed, or its key is unknown
     */
    public byte[] open(String userId, String name, Sealed sealed) {
        Keys keys = byId.get(sealed.keyId());
        if (keys == null) {
            throw new UnreadableException("secret '" + name + "' is sealed under master key " + sealed.keyId()
                    + ", which is neither the current key nor one of shellbox.sandbox.secrets.previous-keys");
        }
        if (sealed.nonce() == null || sealed.nonce().length != NONCE_BYTES) {
            throw new UnreadableException("secret '" + name + "' has no valid nonce");
        }
        try {
            Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
            aes.init(Cipher.DECRYPT_MODE, keys.encryption, new GCMParameterSpec(TAG_BITS, sealed.nonce()));
            aes.updateAAD(associatedData(userId, name));
            return aes.doFinal(sealed.ciphertext());
        } catch (AEADBadTagException e) {
            throw new UnreadableException("secret '" + name + "' does not decrypt: it was changed, or it belongs to"
                    + " another user or name");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** The first 8 hex digits of the value's HMAC-SHA256 under the current key's fingerprint key. */
    public String fingerprint(byte[] value) {
        return HexFormat.of().formatHex(hmac(current.fingerprint.getEncoded(), value), 0, 4);
    }

    private static byte[] associatedData(String userId, String name) {
        return (userId + "\0" + name).getBytes(StandardCharsets.UTF_8);
    }

    private static Keys derive(byte[] masterKey) {
        if (masterKey.length != KEY_BYTES) {
            throw new IllegalArgumentException("a secrets master key has " + KEY_BYTES + " bytes");
        }
        return new Keys(
                idOf(masterKey),
                new SecretKeySpec(expand(masterKey, ENCRYPTION_INFO), "AES"),
                new SecretKeySpec(expand(masterKey, FINGERPRINT_INFO), "HmacSHA256"));
    }

    /** The id of a master key: the first 8 hex digits of its SHA-256. */
    static String idOf(byte[] masterKey) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(masterKey);
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** HKDF-Expand for one block of output: HMAC-SHA256(key, info || 0x01). */
    private static byte[] expand(byte[] key, String info) {
        byte[] label = info.getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[label.length + 1];
        System.arraycopy(label, 0, message, 0, label.length);
        message[label.length] = 1;
        return hmac(key, message);
    }

    private static byte[] hmac(byte[] key, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
