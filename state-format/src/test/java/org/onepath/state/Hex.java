package org.onepath.state;

import java.util.HexFormat;

/** Hex strings like {@code "4F 50 47 53"} for literal byte expectations. */
final class Hex {
    private static final HexFormat FORMAT = HexFormat.ofDelimiter(" ").withUpperCase();

    private Hex() {}

    /** Parses space-separated hex bytes; extra spaces and line breaks between groups are allowed. */
    static byte[] bytes(String hex) {
        String normalised = hex.trim().replaceAll("\\s+", " ");
        return normalised.isEmpty() ? new byte[0] : FORMAT.parseHex(normalised);
    }

    static String of(byte[] bytes) {
        return FORMAT.formatHex(bytes);
    }
}
