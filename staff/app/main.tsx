import './staff.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './StaffApp.tsx';

createRoot(document.getElementById('staff-root')!).render(
  <StrictMode>
    <StaffApp />
  </StrictMode>,
);
