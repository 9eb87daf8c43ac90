package org.onepath.cli;

import java.awt.Color;
import java.awt.Graphics2D;
import java.util.HashMap;
import java.util.Map;

/**
 * A small bitmap font for the text of PNG plots: 5 x 9 pixel glyphs (7 above the baseline, 2
 * below for descenders) on a 6-pixel advance, scaled by whole pixels. Java's own text drawing
 * needs fonts installed on the machine (fontconfig on Linux), which a headless server may lack;
 * these glyphs need nothing. Lower-case letters, digits and the punctuation of the plots; an
 * upper-case letter is drawn as its lower-case one, any other character as an outlined box.
 */
final class PixelFont {
    /** Glyph columns. */
    static final int GLYPH_WIDTH = 5;
    /** Columns from one glyph's left edge to the next one's. */
    static final int ADVANCE = 6;
    /** Rows above the baseline. */
    static final int ASCENT = 7;
    /** Rows below the baseline. */
    static final int DESCENT = 2;

    private static final int ROWS = ASCENT + DESCENT;
    private static final Map<Character, long[]> GLYPHS = new HashMap<>();
    private static final long[] BOX = rows("#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#####");

    static {
        glyph('0', ".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###.");
        glyph('1', "..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###.");
        glyph('2', ".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####");
        glyph('3', "#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###.");
        glyph('4', "...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#.");
        glyph('5', "#####", "#....", "####.", "....#", "....#", "#...#", ".###.");
        glyph('6', "..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###.");
        glyph('7', "#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#...");
        glyph('8', ".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###.");
        glyph('9', ".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##..");
        glyph('a', ".....", ".....", ".###.", "....#", ".####", "#...#", ".####");
        glyph('b', "#....", "#....", "#.##.", "##..#", "#...#", "#...#", "####.");
        glyph('c', ".....", ".....", ".###.", "#....", "#....", "#...#", ".###.");
        glyph('d', "....#", "....#", ".##.#", "#..##", "#...#", "#...#", ".####");
        glyph('e', ".....", ".....", ".###.", "#...#", "#####", "#....", ".###.");
        glyph('f', "..##.", ".#..#", ".#...", "###..", ".#...", ".#...", ".#...");
        glyph('g', ".....", ".....", ".####", "#...#", "#...#", ".####", "....#", "#...#", ".###.");
        glyph('h', "#....", "#....", "#.##.", "##..#", "#...#", "#...#", "#...#");
        glyph('i', "..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###.");
        glyph('j', "...#.", ".....", "..##.", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##..");
        glyph('k', "#....", "#....", "#..#.", "#.#..", "##...", "#.#..", "#..#.");
        glyph('l', ".##..", "..#..", "..#..", "..#..", "..#..", "..#..", ".###.");
        glyph('m', ".....", ".....", "##.#.", "#.#.#", "#.#.#", "#.#.#", "#.#.#");
        glyph('n', ".....", ".....", "#.##.", "##..#", "#...#", "#...#", "#...#");
        glyph('o', ".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###.");
        glyph('p', ".....", ".....", "####.", "#...#", "#...#", "####.", "#....", "#....", "#....");
        glyph('q', ".....", ".....", ".####", "#...#", "#...#", ".####", "....#", "....#", "....#");
        glyph('r', ".....", ".....", "#.##.", "##..#", "#....", "#....", "#....");
        glyph('s', ".....", ".....", ".####", "#....", ".###.", "....#", "####.");
        glyph('t', ".#...", ".#...", "###..", ".#...", ".#...", ".#..#", "..##.");
        glyph('u', ".....", ".....", "#...#", "#...#", "#...#", "#..##", ".##.#");
        glyph('v', ".....", ".....", "#...#", "#...#", "#...#", ".#.#.", "..#..");
        glyph('w', ".....", ".....", "#...#", "#...#", "#.#.#", "#.#.#", ".#.#.");
        glyph('x', ".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#");
        glyph('y', ".....", ".....", "#...#", "#...#", "#...#", ".####", "....#", "#...#", ".###.");
        glyph('z', ".....", ".....", "#####", "...#.", "..#..", ".#...", "#####");
        glyph(' ');
        glyph('-', ".....", ".....", ".....", ".....", ".###.");
        glyph('.', ".....", ".....", ".....", ".....", ".....", ".##..", ".##..");
        glyph(',', ".....", ".....", ".....", ".....", ".....", ".##..", ".##..", "..#..", ".#...");
        glyph(':', ".....", ".....", ".##..", ".##..", ".....", ".##..", ".##..");
        glyph('(', "...#.", "..#..", ".#...", ".#...", ".#...", "..#..", "...#.");
        glyph(')', ".#...", "..#..", "...#.", "...#.", "...#.", "..#..", ".#...");
        glyph('/', "....#", "....#", "...#.", "..#..", ".#...", "#....", "#....");
        glyph('%', "##...", "##..#", "...#.", "..#..", ".#...", "#..##", "...##");
        glyph('=', ".....", ".....", "#####", ".....", "#####");
        glyph('+', ".....", "..#..", "..#..", "#####", "..#..", "..#..");
        glyph('<', "...#.", "..#..", ".#...", "#....", ".#...", "..#..", "...#.");
        glyph('>', ".#...", "..#..", "...#.", "....#", "...#.", "..#..", ".#...");
        glyph('_', ".....", ".....", ".....", ".....", ".....", ".....", "#####");
    }

    private PixelFont() {}

    private static void glyph(char c, String... rows) {
        GLYPHS.put(c, rows(rows));
    }

    /** Rows of '#' (ink) and '.', top first; missing rows at the bottom are blank. */
    private static long[] rows(String... rows) {
        long[] bits = new long[ROWS];
        for (int r = 0; r < rows.length; r++) {
            for (int col = 0; col < GLYPH_WIDTH; col++) {
                if (rows[r].charAt(col) == '#') {
                    bits[r] |= 1L << col;
                }
            }
        }
        return bits;
    }

    /** Whether the font has a glyph of its own for {@code c} (else it draws a box). */
    static boolean covers(char c) {
        return GLYPHS.containsKey(Character.toLowerCase(c));
    }

    /** Pixels {@code text} spans at {@code scale}, from the first glyph's left edge to the last one's right. */
    static int width(String text, int scale) {
        return text.isEmpty() ? 0 : ((text.length() - 1) * ADVANCE + GLYPH_WIDTH) * scale;
    }

    /** Draws {@code text} with its left edge at {@code x} and its baseline at {@code baseline}. */
    static void draw(Graphics2D g, String text, int x, int baseline, int scale, int rgb) {
        g.setColor(new Color(rgb));
        int top = baseline - ASCENT * scale;
        for (int i = 0; i < text.length(); i++) {
            long[] glyph = GLYPHS.getOrDefault(Character.toLowerCase(text.charAt(i)), BOX);
            int left = x + i * ADVANCE * scale;
            for (int r = 0; r < ROWS; r++) {
                for (int col = 0; col < GLYPH_WIDTH; col++) {
                    if ((glyph[r] >> col & 1) != 0) {
                        g.fillRect(left + col * scale, top + r * scale, scale, scale);
                    }
                }
            }
        }
    }
}
