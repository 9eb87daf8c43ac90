package org.onepath.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cancellation;

/**
 * The service driver on its own, over a counting engine: each worker opens one engine for its
 * first query and closes it at the end, an edit sees every query handed in before it answered,
 * messages carry the service's name, and the owner is closed once.
 */
class ServiceDriverTest {

    /** Engines that answer a query with the query plus the edits seen so far, counting opens and closes. */
    private static final class Counting implements ServiceDriver.Engines<Integer, Integer, int[]> {
        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final int[] edits;

        Counting(int[] edits) {
            this.edits = edits;
        }

        @Override
        public int[] open(Integer first) {
            opened.incrementAndGet();
            return new int[1];
        }

        @Override
        public Integer answer(int[] engine, Integer query, Cancellation token) {
            engine[0]++;
            return query * 100 + edits[0];
        }

        @Override
        public void close(int[] engine) {
            closed.incrementAndGet();
        }
    }

    @Test
    void queriesBeforeAnEditDoNotSeeItAndQueriesAfterDo() {
        int[] edits = new int[1];
        Counting engines = new Counting(edits);
        AtomicInteger ownerClosed = new AtomicInteger();
        ServiceDriver<Integer, Integer, int[], int[]> driver =
                new ServiceDriver<>("TestService", "test-service-", edits, 2, engines, ownerClosed::incrementAndGet);
        assertEquals(List.of(100, 200, 300), driver.solveAll(List.of(1, 2, 3)));
        driver.edit(e -> e[0]++);
        assertEquals(1, driver.editCount());
        assertEquals(List.of(401, 501), driver.solveAll(List.of(4, 5)));
        driver.close();
        driver.close();
        assertEquals(1, ownerClosed.get());
        assertEquals(engines.opened.get(), engines.closed.get());
        assertTrue(engines.opened.get() >= 1 && engines.opened.get() <= 2);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> driver.submit(6));
        assertEquals("TestService is closed; it accepts no more queries or edits", e.getMessage());
    }

    @Test
    void anEditWaitsForTheQueriesHandedInBeforeIt() throws Exception {
        int[] edits = new int[1];
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> seenByEdit = new ArrayList<>();
        AtomicInteger answered = new AtomicInteger();
        ServiceDriver.Engines<Integer, Integer, Object> slow = new ServiceDriver.Engines<>() {
            @Override
            public Object open(Integer first) {
                return new Object();
            }

            @Override
            public Integer answer(Object engine, Integer query, Cancellation token) {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                answered.incrementAndGet();
                return query;
            }

            @Override
            public void close(Object engine) {}
        };
        ServiceDriver<Integer, Integer, Object, int[]> driver =
                new ServiceDriver<>("TestService", "test-service-", edits, 1, slow, null);
        var first = driver.submit(1);
        Thread editor = Thread.ofPlatform().start(() -> driver.edit(e -> seenByEdit.add(answered.get())));
        Thread.sleep(50);
        assertTrue(seenByEdit.isEmpty(), "the edit ran before the query handed in before it");
        release.countDown();
        editor.join(10_000);
        assertEquals(1, first.get(10, TimeUnit.SECONDS));
        assertEquals(List.of(1), seenByEdit);
        driver.close();
    }

    @Test
    void closingFromAWorkerIsRefusedWithTheServiceName() throws Exception {
        int[] edits = new int[1];
        AtomicInteger holder = new AtomicInteger();
        @SuppressWarnings({"unchecked", "rawtypes"})
        ServiceDriver<Integer, Integer, int[], int[]>[] self = new ServiceDriver[1];
        ServiceDriver.Engines<Integer, Integer, int[]> closing = new ServiceDriver.Engines<>() {
            @Override
            public int[] open(Integer first) {
                return new int[1];
            }

            @Override
            public Integer answer(int[] engine, Integer query, Cancellation token) {
                try {
                    self[0].close();
                } catch (IllegalStateException e) {
                    holder.set(
                            e.getMessage().equals("TestService cannot be closed from one of its worker threads")
                                    ? 1
                                    : 2);
                }
                return query;
            }

            @Override
            public void close(int[] engine) {}
        };
        self[0] = new ServiceDriver<>("TestService", "test-service-", edits, 1, closing, null);
        assertEquals(7, self[0].submit(7).get(10, TimeUnit.SECONDS));
        assertEquals(1, holder.get());
        self[0].close();
    }
}
