/** Premium's own sections (a chunk of its own: a Basic report never downloads it). */
export { ContentOptimization } from './sections/content-optimization';
export { MarketAnalysis } from './sections/market-analysis';
