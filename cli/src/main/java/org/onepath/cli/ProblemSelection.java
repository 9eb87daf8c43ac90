package org.onepath.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Which problems of a scenario file a run takes: skip the first {@code from}, then keep every
 * {@code every}-th, then at most {@code limit} of those (0 = all). A long set can so be checked in
 * pieces ({@code --from 0 --limit 2000}, {@code --from 2000 --limit 2000}, ...), and a mismatch keeps
 * its number in the file.
 *
 * @param from  problems skipped at the start of each file, &gt;= 0
 * @param every keep problems from, from + every, from + 2 * every, ...; &gt;= 1
 * @param limit at most this many kept problems per file, 0 for all
 */
record ProblemSelection(int from, int every, int limit) {
    ProblemSelection {
        if (from < 0) {
            throw new IllegalArgumentException("--from must be >= 0, was " + from);
        }
        if (every < 1) {
            throw new IllegalArgumentException("--every must be at least 1, was " + every);
        }
        if (limit < 0) {
            throw new IllegalArgumentException("--limit must be >= 0, was " + limit);
        }
    }

    /** The kept problems of one file, in file order. */
    <T> List<T> select(List<T> problems) {
        List<T> kept = new ArrayList<>();
        for (int i = from; i < problems.size() && (limit == 0 || kept.size() < limit); i += every) {
            kept.add(problems.get(i));
        }
        return kept;
    }

    /** The 0-based number in its file of the {@code k}-th kept problem. */
    int numberInFile(int k) {
        return from + k * every;
    }
}
