/**
 * Training-speed models: how fast a job of a type trains with p parameter servers and w workers.
 * The default is Optimus' form with coefficients fitted per type ({@code FittedOptimusSpeed}); a
 * measured table interpolated by radial basis functions ({@code RbfTableSpeed}) and a
 * placement-aware analytical model ({@code AnalyticalSpeed}) are the alternatives. The simulator
 * and the experimenter use them; DL2's learning code never does (the architecture test keeps it
 * so).
 */
package dl2.speed;
