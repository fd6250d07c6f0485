package dl2.report;

import java.awt.BasicStroke;
import java.awt.Color;

/**
 * How one scheduler (or other series) is drawn everywhere: its colour, its marker and its line's
 * dash pattern (dash and gap lengths in pixels, e.g. "7 3"; empty for solid).
 */
record SeriesStyle(String colour, Marker marker, String dash) {
  Color paint() {
    return Color.decode(colour);
  }

  /** A line of {@code width} pixels in this style's dash. */
  BasicStroke stroke(float width) {
    if (dash.isEmpty()) {
      return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND);
    }
    String[] parts = dash.split(" ");
    float[] pattern = new float[parts.length];
    for (int i = 0; i < parts.length; i++) {
      pattern[i] = Float.parseFloat(parts[i]);
    }
    return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, pattern, 0);
  }
}
