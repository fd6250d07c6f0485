package dl2.report;

import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.util.ShapeUtils;

/**
 * The point symbols that tell lines apart where colours are hard to distinguish (or printed in
 * grey).
 */
enum Marker {
  CIRCLE,
  SQUARE,
  TRIANGLE,
  TRIANGLE_DOWN,
  DIAMOND,
  CROSS,
  PLUS,
  OPEN_CIRCLE,
  OPEN_SQUARE,
  OPEN_TRIANGLE,
  NONE;

  private static final float R = 4.5f;

  /** The symbol centred on (0, 0); null for none. */
  Shape shape() {
    return switch (this) {
      case CIRCLE, OPEN_CIRCLE -> new Ellipse2D.Float(-R, -R, 2 * R, 2 * R);
      case SQUARE, OPEN_SQUARE -> new Rectangle2D.Float(-R, -R, 2 * R, 2 * R);
      case TRIANGLE, OPEN_TRIANGLE -> ShapeUtils.createUpTriangle(R + 1);
      case TRIANGLE_DOWN -> ShapeUtils.createDownTriangle(R + 1);
      case DIAMOND -> ShapeUtils.createDiamond(R + 1);
      case CROSS -> ShapeUtils.createDiagonalCross(R, 1);
      case PLUS -> ShapeUtils.createRegularCross(R + 1, 1);
      case NONE -> null;
    };
  }

  /** Open symbols are drawn as an outline, the others filled. */
  boolean filled() {
    return this != OPEN_CIRCLE && this != OPEN_SQUARE && this != OPEN_TRIANGLE;
  }
}
