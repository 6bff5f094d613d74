export { AdminStatisticsPage } from "./AdminStatisticsPage";
export { StatisticsLine } from "./StatisticsLine";
