package org.onepath.fuzz;

import java.util.regex.Pattern;
import org.onepath.cells.GridFormatException;
import org.onepath.io.GraphFormatException;
import org.onepath.state.GridStateException;
import org.onepath.state.OnePathFormatException;
import org.onepath.store.StoreException;

/**
 * The rejection keys of the library's format exceptions, for {@link Target#rejectionKey}: one key
 * per check the input reached, with the values the message quotes folded away, so that a run
 * counts each check once whatever value tripped it.
 */
public final class Rejections {
    private static final Pattern INDEX = Pattern.compile("\\[[^\\]]*\\]");
    /** Greedy: a quoted value may hold quotes of its own. */
    private static final Pattern QUOTED = Pattern.compile("'.*'", Pattern.DOTALL);

    private static final Pattern NUMBER = Pattern.compile("-?(0x[0-9a-fA-F]+|[0-9][0-9.eE+-]*)");

    private Rejections() {}

    /**
     * A state restore's rejection: the field it names (indices folded: {@code visited[3].parent}
     * counts as {@code visited[].parent}), after the class name unless it is a grid state's.
     */
    public static String ofState(OnePathFormatException e) {
        String key = INDEX.matcher(String.valueOf(e.field())).replaceAll("[]");
        return e instanceof GridStateException ? key : e.getClass().getSimpleName() + " " + key;
    }

    /**
     * A store's rejection: its class and the check its message names after the file name, up to
     * the value found (digits and hex folded).
     */
    public static String ofStore(StoreException e) {
        String m = e.getMessage();
        String prefix = e.file() + ": ";
        if (m.startsWith(prefix)) {
            m = m.substring(prefix.length());
        }
        int cut = m.indexOf(" is ");
        if (cut > 0) {
            m = m.substring(0, cut);
        }
        return e.getClass().getSimpleName() + " " + m.replaceAll("0x[0-9a-f]+|[0-9]+", "#");
    }

    /** A text reader's rejection: its message after {@code source:line: }, quoted text and numbers folded. */
    public static String ofText(IllegalArgumentException e) {
        String source = e instanceof GridFormatException g ? g.source() : ((GraphFormatException) e).source();
        String m = String.valueOf(e.getMessage());
        if (m.startsWith(source)) {
            int colon = m.indexOf(": ", source.length());
            m = colon < 0 ? m.substring(source.length()) : m.substring(colon + 2);
        }
        m = QUOTED.matcher(m).replaceAll("'_'");
        return e.getClass().getSimpleName() + " " + NUMBER.matcher(m).replaceAll("#");
    }

    /** The line a reader's format exception names, or -1 for another exception. */
    public static long lineOf(Throwable t) {
        if (t instanceof GridFormatException g) {
            return g.line();
        }
        if (t instanceof GraphFormatException g) {
            return g.line();
        }
        return -1;
    }
}
