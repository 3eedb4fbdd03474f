import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { installGlobalErrorCapture } from '@/core/error-log/error-log-store';
import '@/core/i18n/i18n';
import './styles/global.css';

installGlobalErrorCapture();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
