package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.node.ObjectNode;

/** The one JSON configuration: what it writes, byte for byte, and what it accepts. */
class JsonTest {
  enum Shape {
    ROUND,
    SQUARE;

    @Override
    public String toString() {
      return "a " + name().toLowerCase(java.util.Locale.ROOT) + " shape";
    }
  }

  /**
   * Components in an order that is not alphabetical, a primitive of each kind, an enum, a map and a
   * list.
   */
  record Sample(
      String zeta,
      int alpha,
      long count,
      double ratio,
      boolean flag,
      Shape shape,
      Integer optional,
      List<Integer> widths,
      Map<String, double[]> points) {}

  private static Sample sample() {
    Map<String, double[]> points = new TreeMap<>();
    points.put("b", new double[] {1, 0.1, 1e-7});
    points.put("a", new double[] {});
    return new Sample(
        "z/é", 3, Long.MAX_VALUE, 1000, true, Shape.SQUARE, null, List.of(256, 256), points);
  }

  private static String lines(String text) {
    return text.replace("\n", System.lineSeparator());
  }

  @Test
  void thePrettyPrinterWritesTheFilesBytesAsTheyHaveAlwaysBeen() {
    assertThat(Json.pretty().writeValueAsString(sample()))
        .isEqualTo(
            lines(
                """
        {
          "zeta" : "z/é",
          "alpha" : 3,
          "count" : 9223372036854775807,
          "ratio" : 1000.0,
          "flag" : true,
          "shape" : "SQUARE",
          "optional" : null,
          "widths" : [ 256, 256 ],
          "points" : {
            "a" : [ ],
            "b" : [ 1.0, 0.1, 1.0E-7 ]
          }
        }"""));
    ObjectNode tree = Json.mapper().createObjectNode();
    tree.put("nan", Double.NaN);
    tree.putObject("empty");
    tree.putArray("rows").addArray().add(0.38432583634033873).add(2.82879384806159E17);
    assertThat(Json.pretty().writeValueAsString(tree))
        .isEqualTo(
            lines(
                """
        {
          "nan" : "NaN",
          "empty" : { },
          "rows" : [ [ 0.38432583634033873, 2.82879384806159008E17 ] ]
        }"""));
  }

  @Test
  void aRecordRoundTripsAndTheCompactFormHasNoSpaces() {
    String compact = Json.mapper().writeValueAsString(sample());
    assertThat(compact).startsWith("{\"zeta\":\"z/é\",\"alpha\":3,").doesNotContain(" ");
    Sample read = Json.mapper().readValue(compact, Sample.class);
    assertThat(read.zeta()).isEqualTo("z/é");
    assertThat(read.shape()).isEqualTo(Shape.SQUARE);
    assertThat(read.points().get("b")).containsExactly(1, 0.1, 1e-7);
    assertThat(Json.mapper().writeValueAsString(read)).isEqualTo(compact);
  }

  @Test
  void unknownFieldsAndMissingOrNullNumbersAreErrors() {
    String good = Json.mapper().writeValueAsString(sample());
    assertThatThrownBy(
            () ->
                Json.mapper()
                    .readValue(good.replace("\"zeta\"", "\"colour\":1,\"zeta\""), Sample.class))
        .isInstanceOf(UnrecognizedPropertyException.class);
    for (String bad :
        List.of(
            good.replace("\"alpha\":3,", ""),
            good.replace("\"alpha\":3", "\"alpha\":null"),
            good.replace("\"flag\":true,", ""),
            good.replace("\"ratio\":1000.0", "\"ratio\":null"))) {
      assertThatThrownBy(() -> Json.mapper().readValue(bad, Sample.class))
          .as(bad)
          .isInstanceOf(MismatchedInputException.class);
    }
    assertThat(
            Json.mapper()
                .readValue(good.replace("\"optional\":null,", ""), Sample.class)
                .optional())
        .isNull();
  }

  @Test
  void whatFollowsTheFirstValueIsIgnoredAsJackson2Did() {
    assertThat(Json.mapper().readTree("{\"a\":1} trailing").get("a").asInt()).isEqualTo(1);
  }

  @Test
  void syntaxErrorsReadAsJackson2WordedThem() {
    JacksonException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            JacksonException.class,
            () ->
                Json.mapper()
                    .readTree(
                        "{\n  \"a\" : [ 1,\n  2 "
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    assertThat(Json.jackson2Words(e.getOriginalMessage()))
        .isEqualTo(
            "Unexpected end-of-input: expected close marker for "
                + "Array (start marker at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); "
                + "line: 2, column: 9])");
    e =
        org.junit.jupiter.api.Assertions.assertThrows(
            JacksonException.class, () -> Json.mapper().readTree("{\"a\":1,}"));
    assertThat(Json.jackson2Words(e.getMessage()))
        .isEqualTo(
            "Unexpected character ('}' (code 125)): was expecting "
                + "double-quote to start field name\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); "
                + "line: 1, column: 8]");
  }

  @Test
  void numbersReadAsJackson2ReadThemIncludingNonFiniteText() {
    ObjectNode node =
        (ObjectNode)
            Json.mapper()
                .readTree(
                    "{\"n\":2.5,\"nan\":\"NaN\",\"inf\":\"-Infinity\",\"t\":true,"
                        + "\"s\":\" 12 \",\"x\":\"x\",\"o\":{},\"z\":null}");
    assertThat(Json.number(node.get("n"))).isEqualTo(2.5);
    assertThat(Json.number(node.get("nan"))).isNaN();
    assertThat(Json.number(node.get("inf"))).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(Json.number(node.get("t"))).isEqualTo(1);
    assertThat(Json.number(node.get("s"))).isEqualTo(12);
    for (String zero : List.of("x", "o", "z")) {
      assertThat(Json.number(node.get(zero))).as(zero).isZero();
    }
    assertThat(Json.number(node.path("missing"))).isZero();
  }
}
