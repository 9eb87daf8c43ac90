package org.onepath.memory;

import java.lang.foreign.Arena;
import java.lang.ref.Cleaner;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The safety net under {@code close()}: an arena handed out here is closed by a {@link Cleaner}
 * once the object that owns it becomes unreachable while the arena is still open, so a
 * forgotten {@code close()} frees its native memory at the next garbage collection instead of at
 * process exit. The first such leak of each owner type is logged once at {@code WARNING}
 * through {@link System.Logger} (logger {@code org.onepath.memory}), naming the type.
 *
 * <p>Explicit {@code close()} stays the normal path: it closes the arena at once, and the
 * Cleaner's action, when it later runs for that owner, finds the arena closed and does nothing.
 *
 * <p>The action holds the arena and the owner's type name, never the owner (else the owner
 * would stay reachable from the Cleaner and never be collected). Closing a shared arena from
 * the Cleaner's thread is safe because nothing can reach the owner any more; a segment that
 * escaped the owner and is used after the owner was collected fails with the arena's
 * {@link IllegalStateException}, never with a crash.
 *
 * <p>"Unreachable" is the JVM's notion, which can come earlier than a caller expects: in
 * {@code new Grid(...).findPath(...)} nothing refers to the grid once its method stops reading
 * {@code this}, so a collection in the middle of that call may run the action, and the
 * rest of the call then fails with that {@link IllegalStateException} (the JDK's close of a
 * shared arena synchronises with the threads using its segments, so memory is never read after
 * it was freed). The owners do not fence every method with {@link java.lang.ref.Reference#reachabilityFence}
 * because a caller that keeps its reference (a field, a local used after the call,
 * try-with-resources) never meets this; the package docs say to keep one.
 */
public final class LeakGuard {
    private static final Cleaner CLEANER = Cleaner.create(runnable -> {
        Thread t = new Thread(runnable, "onepath-native-memory-cleaner");
        t.setDaemon(true);
        return t;
    });
    /** Where the warnings go; package-private so a test can listen. */
    static volatile System.Logger log = System.getLogger("org.onepath.memory");
    /** Per owner type: Cleaner actions run, and arenas they closed (leaks freed). */
    private static final Map<String, AtomicLong> RUN = new ConcurrentHashMap<>();

    private static final Map<String, AtomicLong> FREED = new ConcurrentHashMap<>();
    private static final AtomicLong FREED_TOTAL = new AtomicLong();

    private LeakGuard() {}

    /** A new shared arena that a Cleaner closes if {@code owner} is dropped without closing it. */
    public static Arena sharedArena(Object owner) {
        return watch(owner, Arena.ofShared());
    }

    /**
     * Registers {@code arena} to be closed when {@code owner} becomes unreachable with the arena
     * still open; returns the arena. An owner that replaces its arena registers each one.
     */
    public static Arena watch(Object owner, Arena arena) {
        CLEANER.register(owner, new Action(arena, owner.getClass().getName()));
        return arena;
    }

    /** Arenas closed by the Cleaner so far (leaked owners freed), over all types. */
    public static long freedCount() {
        return FREED_TOTAL.get();
    }

    /** Arenas of owners of {@code type} closed by the Cleaner so far. */
    public static long freedCount(Class<?> type) {
        AtomicLong n = FREED.get(type.getName());
        return n == null ? 0 : n.get();
    }

    /** Cleaner actions run so far for owners of {@code type}, whether they freed anything or not. */
    public static long actionsRun(Class<?> type) {
        AtomicLong n = RUN.get(type.getName());
        return n == null ? 0 : n.get();
    }

    /** A static nested record: it must not capture the owner. */
    private record Action(Arena arena, String ownerType) implements Runnable {
        @Override
        public void run() {
            try {
                if (arena.scope().isAlive()) {
                    // Counted before the close, so that a thread that sees the memory freed
                    // also sees it counted; taken back if the close is refused.
                    AtomicLong freed = FREED.computeIfAbsent(ownerType, k -> new AtomicLong());
                    FREED_TOTAL.incrementAndGet();
                    long n = freed.incrementAndGet();
                    try {
                        arena.close();
                    } catch (IllegalStateException e) {
                        FREED_TOTAL.decrementAndGet();
                        freed.decrementAndGet();
                        return; // closed meanwhile, or (a bug) still in use by a thread: leave it
                    }
                    if (n == 1) {
                        log.log(
                                System.Logger.Level.WARNING,
                                "a " + ownerType + " was not closed; its native memory was freed when it became "
                                        + "unreachable (close it, e.g. with try-with-resources, to free it at once)");
                    }
                }
            } finally {
                RUN.computeIfAbsent(ownerType, k -> new AtomicLong()).incrementAndGet();
            }
        }
    }
}
