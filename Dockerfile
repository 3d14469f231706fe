# One image for both processes (web: `npm run serve`, worker: `npm run worker`).
FROM node:20-bookworm-slim
WORKDIR /app
# Fonts for the text sharp draws into generated images (the seeded map).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000
# glibc gives every libvips thread its own malloc arena and keeps freed image buffers in them:
# two arenas keep an image worker's RSS near what it uses (under 512 MB instead of ~0.8–1.2 GB).
ENV MALLOC_ARENA_MAX=2
EXPOSE 3000
USER node
CMD ["npm", "run", "serve"]
