package dl2.report;

import dl2.evaluation.SchedulerCatalog;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.SchedulerName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one registry of scheduler styles: every chart of every report (compare and experiments) draws
 * a scheduler in the same colour, marker and dash. A series named after a scheduler, alone or
 * followed by a space or "(" (e.g. "dl2 (greedy)", "optimus / drf"), takes that scheduler's style.
 * Other names get a fallback chosen from their text (the same name, the same style), moved on to
 * the next free fallback if another series of the same chart already has it. A scheduler under a
 * placement ({@code optimus@fewest-nodes}) keeps its scheduler's colour and takes the placement's
 * marker and dash, so that the eye finds both.
 */
final class SchedulerStyles {
  private static final Map<String, SeriesStyle> KNOWN = new LinkedHashMap<>();

  static {
    KNOWN.put(SchedulerCatalog.POLICY, new SeriesStyle("#D55E00", Marker.CIRCLE, ""));
    KNOWN.put(Schedulers.OPTIMUS, new SeriesStyle("#0072B2", Marker.SQUARE, ""));
    KNOWN.put(Schedulers.OPTIMUS_FITTED, new SeriesStyle("#56B4E9", Marker.TRIANGLE, "7 3"));
    KNOWN.put(
        Schedulers.OPTIMUS_REMAINING, new SeriesStyle("#332288", Marker.TRIANGLE_DOWN, "2 2"));
    KNOWN.put(Schedulers.DRF, new SeriesStyle("#000000", Marker.CROSS, "8 3 2 3"));
    KNOWN.put(Schedulers.FIFO, new SeriesStyle("#888888", Marker.PLUS, "2 3"));
    KNOWN.put(Schedulers.SRTF, new SeriesStyle("#009E73", Marker.DIAMOND, "6 3"));
    KNOWN.put(Schedulers.TETRIS, new SeriesStyle("#CC79A7", Marker.OPEN_SQUARE, "4 2 1 2"));
    KNOWN.put(Schedulers.TIRESIAS, new SeriesStyle("#E69F00", Marker.OPEN_CIRCLE, "10 3"));
    KNOWN.put(Schedulers.IA_GREEDY, new SeriesStyle("#117733", Marker.DIAMOND, "3 1"));
    KNOWN.put(Schedulers.IA_GREEDY_ORACLE, new SeriesStyle("#44AA99", Marker.OPEN_TRIANGLE, "1 1"));
    KNOWN.put("lower bound", new SeriesStyle("#444444", Marker.NONE, "6 4"));
    KNOWN.put("no-contention lower bound", new SeriesStyle("#444444", Marker.NONE, "6 4"));
    KNOWN.put("no-contention bound", new SeriesStyle("#444444", Marker.NONE, "6 4"));
    KNOWN.put("capacity bound", new SeriesStyle("#000000", Marker.NONE, "2 3"));
  }

  /** Paul Tol's muted colours: none is a known scheduler's. */
  private static final String[] FALLBACK_COLOURS = {
    "#88CCEE", "#44AA99", "#117733", "#999933", "#DDCC77", "#CC6677", "#882255", "#AA4499"
  };

  private static final Marker[] FALLBACK_MARKERS = {
    Marker.OPEN_TRIANGLE,
    Marker.OPEN_CIRCLE,
    Marker.OPEN_SQUARE,
    Marker.DIAMOND,
    Marker.TRIANGLE,
    Marker.SQUARE,
    Marker.CIRCLE,
    Marker.PLUS
  };
  private static final String[] FALLBACK_DASHES = {"", "5 3", "2 2", "8 3 2 3"};

  private SchedulerStyles() {}

  /** The style of the known scheduler {@code name} stands for, else its own fallback. */
  static SeriesStyle of(String name) {
    return known(name).orElseGet(() -> fallback(fallbackIndex(name)));
  }

  /**
   * The styles of one chart's series, in order: known ones fixed, fallbacks distinct from each
   * other.
   */
  static List<SeriesStyle> forChart(List<String> names) {
    List<SeriesStyle> styles = new ArrayList<>();
    List<Integer> taken = new ArrayList<>();
    for (String name : names) {
      java.util.Optional<SeriesStyle> known = known(name);
      if (known.isPresent()) {
        styles.add(known.get());
        continue;
      }
      int index = fallbackIndex(name);
      for (int probe = 0; probe < FALLBACK_COLOURS.length && taken.contains(index); probe++) {
        index = (index + 1) % FALLBACK_COLOURS.length;
      }
      taken.add(index);
      styles.add(fallback(index));
    }
    return styles;
  }

  private static java.util.Optional<SeriesStyle> known(String name) {
    java.util.Optional<SchedulerName> placed = SchedulerName.ofLabel(name);
    if (placed.isPresent()) {
      SeriesStyle style = placed.get().placement().map(PLACED::get).orElse(null);
      return knownAlone(placed.get().scheduler())
          .map(s -> style == null ? s : new SeriesStyle(s.colour(), style.marker(), style.dash()));
    }
    return knownAlone(name);
  }

  /** The marker and dash of a scheduler under each built-in placement other than the default. */
  private static final Map<String, SeriesStyle> PLACED =
      Map.of(
          "fewest-nodes", new SeriesStyle("", Marker.OPEN_SQUARE, "1 2"),
          "interference-aware", new SeriesStyle("", Marker.OPEN_CIRCLE, "6 2 1 2"));

  private static java.util.Optional<SeriesStyle> knownAlone(String name) {
    String match = null;
    for (String scheduler : KNOWN.keySet()) {
      boolean prefix =
          name.equals(scheduler)
              || name.startsWith(scheduler)
                  && (name.charAt(scheduler.length()) == ' '
                      || name.charAt(scheduler.length()) == '(');
      if (prefix && (match == null || scheduler.length() > match.length())) {
        match = scheduler;
      }
    }
    return java.util.Optional.ofNullable(match).map(KNOWN::get);
  }

  /** A stable index from the name's text (String.hashCode is fixed by the language). */
  private static int fallbackIndex(String name) {
    return Math.floorMod(name.hashCode(), FALLBACK_COLOURS.length);
  }

  private static SeriesStyle fallback(int index) {
    return new SeriesStyle(
        FALLBACK_COLOURS[index],
        FALLBACK_MARKERS[index],
        FALLBACK_DASHES[index % FALLBACK_DASHES.length]);
  }
}
