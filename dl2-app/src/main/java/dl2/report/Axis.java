package dl2.report;

import java.util.List;

/** A chart axis: data values to pixels, with the tick values and their labels. */
interface Axis {
  double pixel(double value);

  List<Double> ticks();

  String label(double tick);
}
