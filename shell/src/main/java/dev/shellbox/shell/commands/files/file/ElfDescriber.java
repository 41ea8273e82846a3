package dev.shellbox.shell.commands.files.file;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * ELF objects as {@code file} describes them: class, byte order, type, machine, OS ABI, how it is linked, its
 * interpreter, build id, ABI note and whether it keeps a symbol table or debugging information.
 */
final class ElfDescriber {
    private static final int PT_DYNAMIC = 2;
    private static final int PT_INTERP = 3;
    private static final int PT_NOTE = 4;
    private static final int SHT_SYMTAB = 2;
    private static final long DT_FLAGS_1 = 0x6ffffffbL;
    private static final long DF_1_PIE = 0x08000000L;

    private final FileBytes file;
    private final boolean is64;
    private final boolean little;

    private ElfDescriber(FileBytes file) {
        this.file = file;
        this.is64 = file.u8(4) == 2;
        this.little = file.u8(5) != 2;
    }

    static Description describe(FileBytes file) throws IOException {
        if (file.head.length < 52 || (file.u8(4) != 1 && file.u8(4) != 2)) {
            return Description.binary("ELF", "application/octet-stream");
        }
        return new ElfDescriber(file).describe();
    }

    private Description describe() throws IOException {
        byte[] h = file.head;
        int type = u16(h, 16);
        StringBuilder sb = new StringBuilder("ELF ").append(is64 ? "64" : "32").append("-bit ");
        sb.append(little ? "LSB " : "MSB ");
        long phoff = is64 ? u64(h, 32) : u32(h, 28);
        long shoff = is64 ? u64(h, 40) : u32(h, 32);
        int phentsize = u16(h, is64 ? 54 : 42);
        int phnum = u16(h, is64 ? 56 : 44);
        int shentsize = u16(h, is64 ? 58 : 46);
        int shnum = u16(h, is64 ? 60 : 48);
        int shstrndx = u16(h, is64 ? 62 : 50);

        boolean dynamic = false;
        String interpreter = null;
        boolean pie = false;
        String buildId = null;
        String abi = null;
        byte[] phdrs = phnum > 0 && phentsize > 0 ? file.read(phoff, phnum * phentsize) : new byte[0];
        for (int i = 0; i < phnum && (i + 1) * phentsize <= phdrs.length; i++) {
            int base = i * phentsize;
            long ptype = u32(phdrs, base);
            long offset = is64 ? u64(phdrs, base + 8) : u32(phdrs, base + 4);
            long filesz = is64 ? u64(phdrs, base + 32) : u32(phdrs, base + 16);
            if (filesz <= 0 || filesz > (1 << 20)) {
                continue;
            }
            byte[] data = file.read(offset, (int) filesz);
            if (ptype == PT_INTERP) {
                int end = 0;
                while (end < data.length && data[end] != 0) {
                    end++;
                }
                interpreter = new String(data, 0, end, StandardCharsets.ISO_8859_1);
            } else if (ptype == PT_DYNAMIC) {
                dynamic = true;
                int entry = is64 ? 16 : 8;
                for (int k = 0; k + entry <= data.length; k += entry) {
                    long tag = is64 ? u64(data, k) : u32(data, k);
                    long value = is64 ? u64(data, k + 8) : u32(data, k + 4);
                    if (tag == DT_FLAGS_1 && (value & DF_1_PIE) != 0) {
                        pie = true;
                    }
                    if (tag == 0) {
                        break;
                    }
                }
            } else if (ptype == PT_NOTE) {
                String[] notes = notes(data);
                buildId = notes[0] != null ? notes[0] : buildId;
                abi = notes[1] != null ? notes[1] : abi;
            }
        }
        sb.append(
                switch (type) {
                    case 1 -> "relocatable";
                    case 2 -> "executable";
                    case 3 -> pie ? "pie executable" : "shared object";
                    case 4 -> "core file";
                    default -> "*unknown*";
                });
        sb.append(", ").append(machine(u16(h, 18)));
        sb.append(", version ")
                .append(file.u8(6))
                .append(" (")
                .append(osAbi(file.u8(7)))
                .append(')');
        String mime = switch (type) {
            case 1 -> "application/x-object";
            case 2 -> "application/x-executable";
            case 3 -> pie ? "application/x-pie-executable" : "application/x-sharedlib";
            case 4 -> "application/x-coredump";
            default -> "application/octet-stream";
        };
        if (type == 2 || type == 3) {
            if (dynamic || interpreter != null) {
                sb.append(pie && interpreter == null ? ", static-pie linked" : ", dynamically linked");
            } else {
                sb.append(", statically linked");
            }
            if (interpreter != null) {
                sb.append(", interpreter ").append(interpreter);
            }
        }
        if (buildId != null) {
            sb.append(", BuildID[").append(buildId);
        }
        if (abi != null) {
            sb.append(", for ").append(abi);
        }
        if (type != 4 && shnum > 0 && shentsize > 0 && shoff > 0) {
            appendSections(sb, shoff, shentsize, shnum, shstrndx);
        }
        return Description.binary(sb.toString(), mime);
    }

    /** ", with debug_info" and ", stripped" / ", not stripped", from the section headers. */
    private void appendSections(StringBuilder sb, long shoff, int shentsize, int shnum, int shstrndx)
            throws IOException {
        byte[] shdrs = file.read(shoff, shnum * shentsize);
        if (shdrs.length < shnum * shentsize) {
            return;
        }
        boolean symtab = false;
        boolean debugInfo = false;
        byte[] names = new byte[0];
        if (shstrndx < shnum) {
            int base = shstrndx * shentsize;
            long offset = is64 ? u64(shdrs, base + 24) : u32(shdrs, base + 16);
            long size = is64 ? u64(shdrs, base + 32) : u32(shdrs, base + 20);
            if (size > 0 && size < (1 << 20)) {
                names = file.read(offset, (int) size);
            }
        }
        for (int i = 0; i < shnum; i++) {
            int base = i * shentsize;
            if (u32(shdrs, base + 4) == SHT_SYMTAB) {
                symtab = true;
            }
            int nameOffset = (int) u32(shdrs, base);
            if (nameOffset < names.length && cString(names, nameOffset).equals(".debug_info")) {
                debugInfo = true;
            }
        }
        if (debugInfo) {
            sb.append(", with debug_info");
        }
        sb.append(symtab ? ", not stripped" : ", stripped");
    }

    /** The GNU build id ("sha1]=...") and ABI tag ("GNU/Linux 3.2.0") among notes, or nulls. */
    private String[] notes(byte[] data) {
        String buildId = null;
        String abi = null;
        int k = 0;
        while (k + 12 <= data.length) {
            int namesz = (int) u32(data, k);
            int descsz = (int) u32(data, k + 4);
            long type = u32(data, k + 8);
            int nameStart = k + 12;
            int descStart = nameStart + align4(namesz);
            if (namesz < 0 || descsz < 0 || descStart + descsz > data.length) {
                break;
            }
            String name = cString(data, nameStart);
            if (name.equals("GNU") && type == 3) {
                String kind = switch (descsz) {
                    case 20 -> "sha1";
                    case 16 -> "md5/uuid";
                    case 8 -> "xxHash";
                    default -> "";
                };
                byte[] id = new byte[descsz];
                System.arraycopy(data, descStart, id, 0, descsz);
                buildId = kind + "]=" + HexFormat.of().formatHex(id);
            } else if (name.equals("GNU") && type == 1 && descsz >= 16) {
                long os = u32(data, descStart);
                String osName = os == 0 ? "GNU/Linux" : os == 1 ? "GNU/Hurd" : os == 2 ? "GNU/Solaris" : "GNU/kFreeBSD";
                abi = osName + " " + u32(data, descStart + 4) + "." + u32(data, descStart + 8) + "."
                        + u32(data, descStart + 12);
            }
            k = descStart + align4(descsz);
        }
        return new String[] {buildId, abi};
    }

    private static int align4(int n) {
        return (n + 3) & ~3;
    }

    private static String cString(byte[] data, int from) {
        int end = from;
        while (end < data.length && data[end] != 0) {
            end++;
        }
        return new String(data, from, end - from, StandardCharsets.ISO_8859_1);
    }

    private static String machine(int m) {
        return switch (m) {
            case 0x02 -> "SPARC";
            case 0x03 -> "Intel 80386";
            case 0x08 -> "MIPS";
            case 0x14 -> "PowerPC or cisco 4500";
            case 0x15 -> "64-bit PowerPC or cisco 7500";
            case 0x16 -> "IBM S/390";
            case 0x28 -> "ARM";
            case 0x2b -> "SPARC V9";
            case 0x3e -> "x86-64";
            case 0xb7 -> "ARM aarch64";
            case 0xf3 -> "UCB RISC-V";
            default -> "*unknown arch " + m + "*";
        };
    }

    private static String osAbi(int abi) {
        return switch (abi) {
            case 0 -> "SYSV";
            case 1 -> "HP-UX";
            case 2 -> "NetBSD";
            case 3 -> "GNU/Linux";
            case 6 -> "Solaris";
            case 9 -> "FreeBSD";
            case 12 -> "OpenBSD";
            default -> "unknown";
        };
    }

    private int u16(byte[] b, int off) {
        if (off + 2 > b.length) {
            return 0;
        }
        int lo = b[off] & 0xff;
        int hi = b[off + 1] & 0xff;
        return little ? lo | hi << 8 : lo << 8 | hi;
    }

    private long u32(byte[] b, int off) {
        if (off + 4 > b.length) {
            return 0;
        }
        long lo = u16(b, off);
        long hi = u16(b, off + 2);
        return little ? lo | hi << 16 : lo << 16 | hi;
    }

    private long u64(byte[] b, int off) {
        if (off + 8 > b.length) {
            return 0;
        }
        long lo = u32(b, off);
        long hi = u32(b, off + 4);
        return little ? lo | hi << 32 : lo << 32 | hi;
    }
}
