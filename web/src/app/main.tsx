import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router-dom';
import './global.css';
import { App } from './app.tsx';
import { routes } from './routes.tsx';
import { makeStore } from './store.ts';

const store = makeStore();
// Created before the first render so the first page's chunk loads while /api/user is in flight.
const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <App router={router} />
    </Provider>
  </StrictMode>,
);
