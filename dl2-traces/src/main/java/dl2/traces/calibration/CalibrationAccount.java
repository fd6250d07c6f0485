package dl2.traces.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A calibration's readable account: a summary line for each derived parameter, and the diagnostics
 * written beside the parameters.
 */
final class CalibrationAccount {
  final List<String> summary = new ArrayList<>();
  final Map<String, Double> diagnostics = new TreeMap<>();

  void line(String format, Object... args) {
    summary.add(String.format(Locale.ROOT, format, args));
  }
}
