package dl2.kubernetes.controller;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loop's listener that keeps what it hears as lines: {@code slot N}, {@code slot failed: ...},
 * {@code leader: X}, notes.
 */
final class LoopLines implements LoopListener {
  final List<String> lines = new CopyOnWriteArrayList<>();

  @Override
  public void slot(SlotReport report) {
    lines.add("slot " + report.slot());
  }

  @Override
  public void slotFailed(String message) {
    lines.add("slot failed: " + message);
  }

  @Override
  public void leader(String holder) {
    lines.add("leader: " + holder);
  }

  @Override
  public void note(String message) {
    lines.add(message);
  }

  boolean has(String prefix) {
    return lines.stream().anyMatch(l -> l.startsWith(prefix));
  }
}
