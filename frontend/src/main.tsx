import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('ListingLift: #root element missing from index.html');

createRoot(container).render(<App />);
