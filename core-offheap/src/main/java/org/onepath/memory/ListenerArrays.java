package org.onepath.memory;

import java.util.Arrays;
import java.util.Objects;

/**
 * Copy-on-write listener arrays for the grids and the graph: an edit reads the array once and
 * calls every listener without a lock, while registration builds a new array under the owner's
 * lock.
 */
public final class ListenerArrays {
    private ListenerArrays() {}

    /** A new array holding {@code current} then {@code listener}. */
    public static <T> T[] with(T[] current, T listener) {
        Objects.requireNonNull(listener, "listener");
        T[] next = Arrays.copyOf(current, current.length + 1);
        next[current.length] = listener;
        return next;
    }

    /** A new array without the first occurrence of {@code listener}, or {@code current} itself when it holds none. */
    public static <T> T[] without(T[] current, T listener) {
        for (int i = 0; i < current.length; i++) {
            if (current[i] == listener) {
                T[] next = Arrays.copyOf(current, current.length - 1);
                System.arraycopy(current, i + 1, next, i, current.length - i - 1);
                return next;
            }
        }
        return current;
    }
}
