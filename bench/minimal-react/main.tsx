import { createRoot } from 'react-dom/client';

// The floor of `npm run bench:web`: the least a React page can do.
createRoot(document.getElementById('root')!).render(
  <main>
    <h1>Minimal React page</h1>
    <p>One heading and one paragraph, rendered by React in the browser.</p>
  </main>,
);
