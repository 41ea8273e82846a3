package dev.shellbox.sandbox.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecretCipherTest {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final byte[] VALUE = "ghp_exampleToken123".getBytes(StandardCharsets.UTF_8);

    private final byte[] key = key();
    private final SecretCipher cipher = SecretCipher.of(key, List.of());

    @Test
    void opensWhatItSealedForTheSameUserAndName() {
        SecretCipher.Sealed sealed = cipher.seal("alice", "github", VALUE);
        assertThat(cipher.open("alice", "github", sealed)).isEqualTo(VALUE);
        assertThat(sealed.nonce()).hasSize(12);
        assertThat(sealed.keyId()).isEqualTo(cipher.keyId()).matches("[0-9a-f]{8}");
        assertThat(new String(sealed.ciphertext(), StandardCharsets.ISO_8859_1))
                .doesNotContain(new String(VALUE, StandardCharsets.ISO_8859_1));
    }

    @Test
    void usesAFreshNonceForEverySeal() {
        SecretCipher.Sealed a = cipher.seal("alice", "github", VALUE);
        SecretCipher.Sealed b = cipher.seal("alice", "github", VALUE);
        assertThat(a.nonce()).isNotEqualTo(b.nonce());
        assertThat(a.ciphertext()).isNotEqualTo(b.ciphertext());
    }

    @Test
    void refusesATamperedCiphertextOrNonce() {
        SecretCipher.Sealed sealed = cipher.seal("alice", "github", VALUE);
        byte[] ciphertext = sealed.ciphertext().clone();
        ciphertext[0] ^= 1;
        assertThatThrownBy(() -> cipher.open(
                        "alice", "github", new SecretCipher.Sealed(ciphertext, sealed.nonce(), sealed.keyId())))
                .isInstanceOf(SecretCipher.UnreadableException.class);
        byte[] tag = sealed.ciphertext().clone();
        tag[tag.length - 1] ^= 1;
        assertThatThrownBy(() ->
                        cipher.open("alice", "github", new SecretCipher.Sealed(tag, sealed.nonce(), sealed.keyId())))
                .isInstanceOf(SecretCipher.UnreadableException.class);
        byte[] nonce = sealed.nonce().clone();
        nonce[5] ^= 1;
        assertThatThrownBy(() -> cipher.open(
                        "alice", "github", new SecretCipher.Sealed(sealed.ciphertext(), nonce, sealed.keyId())))
                .isInstanceOf(SecretCipher.UnreadableException.class);
        assertThatThrownBy(() -> cipher.open(
                        "alice", "github", new SecretCipher.Sealed(sealed.ciphertext(), new byte[3], sealed.keyId())))
                .isInstanceOf(SecretCipher.UnreadableException.class);
    }

    @Test
    void refusesAValueMovedToAnotherUserOrName() {
        SecretCipher.Sealed sealed = cipher.seal("alice", "github", VALUE);
        assertThatThrownBy(() -> cipher.open("bob", "github", sealed))
                .isInstanceOf(SecretCipher.UnreadableException.class);
        assertThatThrownBy(() -> cipher.open("alice", "gitlab", sealed))
                .isInstanceOf(SecretCipher.UnreadableException.class);
        // the separator keeps "a" + "b\0c" apart from "a\0b" + "c"
        SecretCipher.Sealed split = cipher.seal("a", "bc", VALUE);
        assertThatThrownBy(() -> cipher.open("ab", "c", split)).isInstanceOf(SecretCipher.UnreadableException.class);
    }

    @Test
    void opensValuesSealedUnderAPreviousKeyAndSealsUnderTheCurrentOne() {
        SecretCipher.Sealed old = cipher.seal("alice", "github", VALUE);
        byte[] next = key();
        SecretCipher rotated = SecretCipher.of(next, List.of(key));
        assertThat(rotated.keyId()).isNotEqualTo(cipher.keyId());
        assertThat(rotated.open("alice", "github", old)).isEqualTo(VALUE);
        assertThat(rotated.seal("alice", "github", VALUE).keyId()).isEqualTo(rotated.keyId());

        SecretCipher withoutOld = SecretCipher.of(next, List.of());
        assertThatThrownBy(() -> withoutOld.open("alice", "github", old))
                .isInstanceOf(SecretCipher.UnreadableException.class)
                .hasMessageContaining(old.keyId())
                .hasMessageContaining("previous-keys");
    }

    @Test
    void fingerprintsAreKeyedShortAndFollowTheValue() {
        String fingerprint = cipher.fingerprint(VALUE);
        assertThat(fingerprint).matches("[0-9a-f]{8}").isEqualTo(cipher.fingerprint(VALUE.clone()));
        assertThat(cipher.fingerprint("other".getBytes(StandardCharsets.UTF_8))).isNotEqualTo(fingerprint);
        assertThat(SecretCipher.of(key(), List.of()).fingerprint(VALUE)).isNotEqualTo(fingerprint);
    }

    @Test
    void readsBase64KeysAndNamesTheBadSettingWithoutItsValue() {
        String encoded = Base64.getEncoder().encodeToString(key);
        assertThat(SecretCipher.fromBase64(encoded, List.of()).keyId()).isEqualTo(cipher.keyId());
        assertThatThrownBy(() -> SecretCipher.fromBase64("not base64!", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shellbox.sandbox.secrets.master-key")
                .hasMessageNotContaining("not base64!");
        String short16 = Base64.getEncoder().encodeToString(new byte[16]);
        assertThatThrownBy(() -> SecretCipher.fromBase64(encoded, List.of(short16)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shellbox.sandbox.secrets.previous-keys")
                .hasMessageContaining("16 bytes")
                .hasMessageNotContaining(short16);
    }

    private static byte[] key() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return key;
    }
}
